import type { Bus } from '../bus/bus';
import { Channel, type PresenceEvent } from '../bus/channels';
import type { Gateway } from './gateway';

/** How often a node tells all its signed-in users: it repairs a lost message and shows the node alive. */
export const PRESENCE_ALL_MS = 10_000;

/**
 * Tells the leader who is signed in on this node's sockets (`PresenceEvent`), so that account figures are
 * pushed to them only: who joined and left, once per turn of the event loop, and everyone every
 * PRESENCE_ALL_MS, when asked, and after the bus lost messages. Returns what stops it.
 */
export function tellPresence(gateway: Gateway, bus: Bus, node: string): () => void {
  const joined = new Set<number>();
  const left = new Set<number>();
  let due = false;
  const changes = () => {
    due = false;
    if (joined.size === 0 && left.size === 0) return;
    bus.publish(Channel.presence, { node, joined: [...joined], left: [...left] } satisfies PresenceEvent);
    joined.clear();
    left.clear();
  };
  const everyone = () => {
    joined.clear();
    left.clear();
    const all = gateway.watchedUsers();
    bus.publish(Channel.presence, { node, joined: [], left: [], all } satisfies PresenceEvent);
  };
  gateway.onWatching((userId, watched) => {
    (watched ? left : joined).delete(userId);
    (watched ? joined : left).add(userId);
    if (due) return;
    due = true;
    setImmediate(changes);
  });
  const timer = setInterval(everyone, PRESENCE_ALL_MS);
  timer.unref();
  const stops = [
    bus.subscribe(Channel.presence, (e) => {
      if ('ask' in (e as PresenceEvent)) everyone();
    }),
    bus.onLoss(everyone),
  ];
  everyone();
  return () => {
    clearInterval(timer);
    for (const stop of stops) stop();
  };
}
