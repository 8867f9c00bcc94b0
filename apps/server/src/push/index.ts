/** The push area's face: all that other areas and the composition root use of it. */
export { sealStoredVapidKey, vapidKeys } from './keys';
export type { PushSender } from './send';
export { webPushSender } from './send';
export { subscribe, unsubscribe } from './service';
