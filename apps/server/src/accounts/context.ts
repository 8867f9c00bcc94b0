import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import type { Secrets } from '../http/secrets';
import type { Throttle } from '../http/throttle';
import type { Delivery } from './delivery/transport';

/**
 * Runs inside the demo reset's transaction, before the balance is set back: the trading engine closes
 * and cancels the user's orders here so the reset and the closes commit together. What it returns
 * runs after the commit (announcing the closed orders).
 */
export type DemoResetHook = (tx: Tx, userId: number) => Promise<() => void>;

/** What the account use-cases need, built once per app. */
export interface AccountsContext {
  db: Db;
  /** The app's clock: codes, captchas, sign-ins and sessions are stamped and timed by it. */
  now: () => number;
  config: Config;
  delivery: Delivery;
  log: FastifyBaseLogger;
  throttle: Throttle;
  secrets: Secrets;
  /** Where ended sessions are announced, so every node's websockets drop them. */
  bus: Bus;
  onDemoReset?: DemoResetHook;
}

/** Who is asking: kept with sign-ins and codes for throttles and history. */
export interface Caller {
  ip: string;
  userAgent?: string;
}
