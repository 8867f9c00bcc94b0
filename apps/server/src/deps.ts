import type { DemoResetHook } from './accounts/context';
import type { Delivery } from './accounts/delivery/transport';
import type { Bus } from './bus/bus';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Secrets } from './http/secrets';
import type { Throttle } from './http/throttle';
import type { Market } from './market/service';
import type { Trading } from './trading/service';

/** This node's part in the deployment, as the platform sees it now: what /readyz and /metrics report. */
export interface NodeState {
  readonly leading: boolean;
  /** Stopping: no new work should be sent here. */
  readonly draining: boolean;
  /** Executions in the trading engine's queue (0 on a follower). */
  readonly engineQueueDepth: number;
}

/** What the composition root gives the app. */
export interface AppDeps {
  config: Config;
  database: Database;
  bus: Bus;
  market: Market;
  trading: Trading;
  /** Atomic counters of the sign-in, code and step-up throttles (Redis across nodes). */
  throttle: Throttle;
  /** Seals the secrets kept in the database: TOTP seeds and the VAPID private key. */
  secrets: Secrets;
  node: NodeState;
  /** The trading engine's part of a demo reset: closes and cancels the user's orders in the reset's transaction. */
  onDemoReset?: DemoResetHook;
}

/** What every area's routes get: the app's dependencies and what the app makes of them. */
export interface Deps extends AppDeps {
  /** E-mail and SMS out: codes and account notices. */
  delivery: Delivery;
}
