import type { Bus } from '../bus/bus';
import { Channel, type PresenceEvent } from '../bus/channels';

/** A node not heard of for this long is gone (it sends all its users every PRESENCE_ALL_MS). */
const NODE_SILENT_MS = 30_000;

/**
 * The accounts someone is watching: signed in on a socket of any node, as the nodes tell on the bus. Account
 * figures are pushed only to them; the others' margin is still checked, their state changes still told.
 */
export class Watchers {
  private readonly byNode = new Map<string, { users: Set<number>; heard: number }>();
  private stop: (() => void) | null = null;

  constructor(
    private readonly bus: Bus,
    /** Told of accounts that someone started watching: their figures are due at once. */
    private readonly joined: (userIds: number[]) => void,
    // The wall clock: a node's silence is real time, as its presence messages are sent in it.
    private readonly now: () => number = Date.now,
  ) {}

  /** Listens, and asks every node for its users (a new leader has heard nothing yet). */
  start(): void {
    this.stop = this.bus.subscribe(Channel.presence, (e) => this.hear(e as PresenceEvent));
    this.bus.publish(Channel.presence, { ask: true } satisfies PresenceEvent);
  }

  close(): void {
    this.stop?.();
    this.stop = null;
  }

  /** The nodes where someone is signed in as `userId`: none when nobody watches the account. */
  nodesOf(userId: number): string[] {
    const since = this.now() - NODE_SILENT_MS;
    const nodes: string[] = [];
    for (const [node, { users, heard }] of this.byNode)
      if (heard >= since && users.has(userId)) nodes.push(node);
    return nodes;
  }

  private hear(event: PresenceEvent): void {
    if ('ask' in event) return;
    const known = this.byNode.get(event.node);
    const users = event.all ? new Set(event.all) : (known?.users ?? new Set<number>());
    for (const id of event.left) users.delete(id);
    for (const id of event.joined) users.add(id);
    this.byNode.set(event.node, { users, heard: this.now() });
    const since = this.now() - NODE_SILENT_MS;
    for (const [node, { heard }] of this.byNode) if (heard < since) this.byNode.delete(node);
    const fresh = event.all ?? event.joined;
    if (fresh.length > 0) this.joined(fresh);
  }
}
