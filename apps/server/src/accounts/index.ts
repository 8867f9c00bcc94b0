/** The accounts area's face: all that other areas and the composition root use of it. */
export type { DemoResetHook } from './context';
export { createDelivery } from './delivery/create';
export { maskCodes, outboxPage } from './delivery/outbox';
export type { Delivery } from './delivery/transport';
export { LEDGER_PAGE_SIZE } from './limits';
export { recentLoginAttempts } from './login.repo';
export { createUser } from './new-user';
export { notifyAccount } from './notify-account';
export { accountRoutes } from './routes';
export { proveStepUp } from './step-up';
