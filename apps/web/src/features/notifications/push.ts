import { fetchPushKey, pushSubscribe, pushUnsubscribe } from '../../api/notifications';

/** Whether this browser can be notified while the app is closed (a service worker and the Push API). */
export const pushSupported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const bytesOf = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};

async function registration() {
  const found = await navigator.serviceWorker.getRegistration();
  if (!found) throw new Error('no service worker');
  return found;
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const found = await navigator.serviceWorker.getRegistration();
  return found ? found.pushManager.getSubscription() : null;
}

/** How long the browser may take to reach its push service before the switch says it could not. */
const SUBSCRIBE_TIMEOUT_MS = 15_000;

/** Asks permission, subscribes with the server's key and tells the server where to push. False when refused. */
export async function enablePush(): Promise<boolean> {
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const { key } = await fetchPushKey();
  // A browser that cannot reach its push service never answers: give up rather than spin for ever.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const subscription = await Promise.race([
    (await registration()).pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: bytesOf(key),
    }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('push service unreachable')), SUBSCRIBE_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  const { endpoint, keys } = subscription.toJSON();
  try {
    await pushSubscribe({ endpoint: endpoint!, p256dh: keys!.p256dh!, auth: keys!.auth! });
  } catch (refused) {
    // Kept, the browser's subscription would show the switch on while the server pushes nothing to it.
    await subscription.unsubscribe();
    throw refused;
  }
  return true;
}

export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await pushUnsubscribe(subscription.endpoint);
  await subscription.unsubscribe();
}
