import type { Redis } from 'ioredis';
import type { Log } from '../util/log';

/**
 * This node's Redis connections (the bus's two, the throttles', the one of the request ceilings and the
 * websocket places) seen as one link. ioredis retries a lost connection every two seconds or so, for ever,
 * and reports each failed try: the outage is logged once, when the first connection is lost, and its end
 * once, when all are back.
 */
export class RedisState {
  private readonly down = new Set<string>();
  private fallingBack = false;
  /** Throttle counts and websocket places made in this node's memory, Redis not answering (since the start). */
  fallbacks = 0;

  constructor(private readonly log: Log) {}

  /** Whether every connection is up (none has failed since it was last ready). */
  get up(): boolean {
    return this.down.size === 0;
  }

  /** Watches `redis`, named `name` in the log; its error events are handled here, never printed by ioredis. */
  watch(name: string, redis: Redis): void {
    redis.on('error', (err: Error) => this.lost(name, err));
    redis.on('ready', () => this.back(name));
  }

  /** A throttle count or websocket place made in the node's memory: counted, logged at an outage's first. */
  fellBack(err: unknown): void {
    this.fallbacks++;
    if (this.fallingBack) return;
    this.fallingBack = true;
    this.log.warn(
      { err },
      'redis did not answer: sign-in and code throttles and websocket places count in this node meanwhile',
    );
  }

  private lost(name: string, err: Error): void {
    if (this.down.has(name)) return;
    this.down.add(name);
    this.log.debug({ redis: name, err }, 'redis connection lost');
    if (this.down.size === 1) {
      this.log.warn(
        { redis: name, err },
        'redis unreachable: messages to other nodes are lost and throttles count in this node until it returns',
      );
    }
  }

  private back(name: string): void {
    if (!this.down.delete(name)) return;
    this.log.debug({ redis: name }, 'redis connection back');
    if (this.down.size > 0) return;
    this.fallingBack = false;
    this.log.info('redis reachable again: messages to other nodes and shared throttles resume');
  }
}
