import type { Delivery, DemoResetHook } from './accounts';
import type { Bus } from './bus/bus';
import type { Config } from './config';
import type { Database } from './db/client';
import type { UploadStore } from './funding';
import type { Secrets } from './http/secrets';
import type { Throttle } from './http/throttle';
import type { Market } from './market';
import type { NodeState, RedisState } from './ops';
import type { Trading } from './trading';
import type { Log } from './util/log';

/** What the composition root gives the app. */
export interface AppDeps {
  config: Config;
  /** The app's clock (epoch ms): every decision by time reads it, so tests move time themselves. */
  now: () => number;
  database: Database;
  bus: Bus;
  market: Market;
  trading: Trading;
  /** Atomic counters of the sign-in, code and step-up throttles (Redis across nodes). */
  throttle: Throttle;
  /** Where uploaded pictures' bytes are kept: every node reads the same in production mode. */
  uploads: UploadStore;
  /** The node's Redis connections as one link (when REDIS_URL is set): their outage logged and counted. */
  redisState?: RedisState;
  /** Seals the secrets kept in the database: TOTP seeds and the VAPID private key. */
  secrets: Secrets;
  node: NodeState;
  /** The node's logger: JSON lines with the node's id and leader flag. */
  log: Log;
  /** The trading engine's part of a demo reset: closes and cancels the user's orders in the reset's transaction. */
  onDemoReset?: DemoResetHook;
}

/** What every area's routes get: the app's dependencies and what the app makes of them. */
export interface Deps extends AppDeps {
  /** E-mail and SMS out: codes and account notices. */
  delivery: Delivery;
}

export type { NodeState };
