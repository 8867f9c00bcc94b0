/** The ops area's face: all that other areas and the composition root use of it. */
export { type AnswerTimes, timeRequests } from './answer-times';
export { createMetrics } from './metrics';
export type { NodeState } from './node-state';
export { RedisState } from './redis-state';
export { opsRoutes, refusedWhileDraining } from './routes';
