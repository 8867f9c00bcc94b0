/** The alerts area's face: all that other areas and the composition root use of it. */
export { alertsRoutes } from './routes';
export { AlertWatcher } from './watcher';
