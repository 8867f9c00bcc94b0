/** The notifications area's face: all that other areas and the composition root use of it. */

export { missedNotices } from './catch-up';
export { Notifier } from './notifier';
export { recordNotice } from './record';
export { notificationsRoutes } from './routes';
export type { NotificationRow } from './schema';
