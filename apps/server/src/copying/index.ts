/** The copying area's face: all that other areas and the composition root use of it. */
export { COPY_SWEEP_MS, Copier } from './copier';
export type { CopyFailed, CopyStopped } from './events';
export { COPY_FAILED, COPY_STOPPED } from './events';
export { copyingRoutes } from './routes';
export { copies, copyEvents } from './schema';
export { endCopyTradingOf } from './service';
