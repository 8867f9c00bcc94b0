/** The admin area's face: all that other areas and the composition root use of it. */
export { approvalRoutes } from './approvals';
export { adminExportRoutes } from './exports';
export { instrumentRoutes } from './instruments';
export { operatorRoutes } from './operators';
export { reconcileRoutes } from './reconcile';
export { Exit, reconcileConfig, runReconcile } from './reconcile-cli';
export { recordRoutes } from './records';
export { reportRoutes } from './reports';
export { riskRoutes } from './risk';
export { adminAuthRoutes } from './routes';
export { adminSettingsRoutes } from './settings';
export { adminUserRoutes } from './users';
