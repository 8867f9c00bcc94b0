import { setFlagsFromString } from 'node:v8';
import { type App, buildApp } from './app';
import { type Bus, memoryBus } from './bus/bus';
import { redisBus } from './bus/redis';
import type { Config } from './config';
import { seedContent } from './content/seed';
import { COPY_SWEEP_MS, Copier } from './copying/copier';
import { type Database, openDatabase } from './db/client';
import { seed } from './db/seed';
import type { NodeState } from './deps';
import type { PriceFeed } from './feed/feed';
import { seedFunding } from './funding/seed';
import { deleteUnusedUploads } from './funding/uploads.service';
import { setPasswordCost } from './http/password';
import { type Secrets, secretKeyFor, secretsFor } from './http/secrets';
import { memoryThrottle, redisThrottle, type Throttle, withFallback } from './http/throttle';
import { electLeader, type Leadership, withStartupLock } from './leadership';
import { seedMarket } from './market/seed';
import { createMarket, type Market } from './market/service';
import { type NoticeJobs, startNoticeJobs } from './notifications/jobs';
import { sealStoredVapidKey } from './push/keys';
import { seedDemoTraders } from './ranking/demo-traders';
import { startRankingJobs } from './ranking/jobs';
import { startSnapshotJob } from './statements/snapshots';
import { Engine } from './trading/engine';
import { tradingMarket } from './trading/market';
import { Trading } from './trading/service';
import { Rollovers, startRolloverJob } from './trading/swaps';
import { every, type Periodic } from './util/periodic';

/** The websocket close code for "service restart" (RFC 6455 registry): clients reconnect, to another node. */
const SERVICE_RESTART = 1012;

/** How often the leader deletes pictures nobody used. */
const UPLOAD_CLEANUP_MS = 60 * 60_000;

export interface Platform extends App {
  config: Config;
  database: Database;
  bus: Bus;
  market: Market;
  trading: Trading;
  /** The trading engine of this node while it leads (reading it on a follower throws). */
  readonly engine: Engine;
  /** Copy trading's engine of this node while it leads (likewise). */
  readonly copier: Copier;
  /** The swap rollovers of this node while it leads (likewise). */
  readonly rollovers: Rollovers;
  /** Price alerts and notifications of this node while it leads (likewise). */
  readonly notices: NoticeJobs;
  /** The first operator's password when this start made one up (embedded mode's first start): shown once. */
  firstOperatorPassword?: string;
  /** The sign-in, code and step-up counters. */
  throttle: Throttle;
  /** Seals the secrets kept in the database. */
  secrets: Secrets;
  /** Turns unready (/readyz 503) and closes the websockets as a service restart: their clients go elsewhere. */
  drain(): void;
  /**
   * Drains, stops taking connections and lets the requests in flight finish, gives up the lead, then stops
   * the engine, the feed, the bus and the database, in that order.
   */
  close(): Promise<void>;
}

export interface PlatformOptions {
  /** The clock (tests move it themselves). */
  now?: () => number;
  /** Where prices come from; by default the one FEED names. */
  feed?: PriceFeed;
}

/**
 * Composition: database (migrated, seeded) → bus → market → trading → HTTP and websocket. With
 * PostgreSQL any number of nodes run this; the one holding the leader lock runs the feed and the engine.
 */
export async function startPlatform(config: Config, options: PlatformOptions = {}): Promise<Platform> {
  // V8's allocation-site pretenuring put the order path's short-lived objects (the database driver's row
  // descriptions first) straight into the old space, and every young collection then had to walk them:
  // under the PostgreSQL order-place load, scavenges took 2.8 ms (median) with it and 1.7 without, GC 40 % less.
  setFlagsFromString('--no-allocation-site-pretenuring');
  const now = options.now ?? Date.now;
  setPasswordCost(config.passwordLogN);
  const database = await openDatabase(config);
  const bus = config.redisUrl
    ? await redisBus(config.redisUrl, config.redisPrefix, (err) => console.error('redis', err))
    : memoryBus();
  const market = createMarket({ db: database.db, bus, config, now, feed: options.feed });
  const secrets = secretsFor(secretKeyFor(config));
  let firstOperatorPassword: string | undefined;
  const prepare = async () => {
    await database.migrate();
    await sealStoredVapidKey(database.db, secrets);
    ({ operatorPassword: firstOperatorPassword } = await seed(database.db, config));
    await seedMarket(database.db);
    // Receiving accounts, withdrawal rates, market news and companies are invented: the embedded demo's only.
    if (!config.databaseUrl) await seedFunding(database.db);
    await seedContent(database.db, { demo: !config.databaseUrl });
    if (config.demoTraders) await seedDemoTraders(database.db, config.demoInitialBalance);
    await market.start();
  };
  await (config.databaseUrl ? withStartupLock(config.databaseUrl, prepare) : prepare());

  const prices = tradingMarket(market);
  const trading = new Trading(database.db, prices, bus, now, { concurrent: database.kind === 'postgres' });
  let engine: Engine | null = null;
  let copier: Copier | null = null;
  let copySweep: Periodic | null = null;
  let stopRankingJobs: (() => Promise<void>) | null = null;
  let cleanUploads: Periodic | null = null;
  let equitySnapshots: Periodic | null = null;
  let notices: NoticeJobs | null = null;
  let rollovers: Rollovers | null = null;
  let rolloverJob: Periodic | null = null;
  const roles = {
    async lead() {
      engine = new Engine(database.db, prices, bus, trading);
      await engine.start();
      market.lead();
      notices = await startNoticeJobs({ db: database.db, bus, market: prices, config, now, secrets });
      stopRankingJobs = startRankingJobs({ db: database.db, config, market, trading, now });
      const leaderCopier = new Copier(database.db, trading, now);
      leaderCopier.start(bus);
      copier = leaderCopier;
      copySweep = every(
        COPY_SWEEP_MS,
        () => leaderCopier.sweep(),
        (err) => console.error('copy sweep failed', err),
      );
      cleanUploads = every(
        UPLOAD_CLEANUP_MS,
        () => deleteUnusedUploads(database.db, config.uploadDir, now()),
        (err) => console.error('upload clean-up failed', err),
      );
      equitySnapshots = startSnapshotJob(database.db, trading);
      rollovers = new Rollovers(database.db, market, prices, bus, now);
      rolloverJob = startRolloverJob(rollovers);
    },
    async follow() {
      await rolloverJob?.stop();
      rolloverJob = null;
      rollovers = null;
      await equitySnapshots?.stop();
      equitySnapshots = null;
      await notices?.stop();
      notices = null;
      await stopRankingJobs?.();
      stopRankingJobs = null;
      await cleanUploads?.stop();
      cleanUploads = null;
      await copySweep?.stop();
      copySweep = null;
      await copier?.stop();
      copier = null;
      await market.follow();
      await engine?.stop();
      engine = null;
    },
  };
  // The embedded database belongs to this one process, which therefore always leads.
  let leadership: Leadership | null = null;
  if (config.databaseUrl) {
    leadership = electLeader(config.databaseUrl, roles, (message, err) => console.log(message, err ?? ''));
    await leadership.ready;
  } else {
    await roles.lead();
  }

  let draining = false;
  // /readyz fails from here, so load balancers send no more work while the answers in flight finish.
  const drain = () => {
    draining = true;
    app.gateway.closeAll(SERVICE_RESTART, 'service restart');
  };
  const node: NodeState = {
    get leading() {
      return engine !== null;
    },
    get draining() {
      return draining;
    },
    get engineQueueDepth() {
      return engine?.queueDepth ?? 0;
    },
  };
  const throttle = config.redisUrl
    ? withFallback(
        await redisThrottle(config.redisUrl, (err) => console.error('redis', err), config.redisPrefix),
        memoryThrottle(now),
        (err) => console.error('redis unavailable: throttles count in this node', err),
      )
    : memoryThrottle(now);
  const app = await buildApp({
    config,
    database,
    bus,
    market,
    trading,
    throttle,
    secrets,
    node,
    onDemoReset: (tx, userId) => trading.resetOrders(tx, userId),
  });
  return {
    ...app,
    config,
    database,
    bus,
    market,
    trading,
    firstOperatorPassword,
    throttle,
    secrets,
    get engine() {
      if (!engine) throw new Error('this node does not lead: no engine here');
      return engine;
    },
    get notices() {
      if (!notices) throw new Error('this node does not lead: no alerts here');
      return notices;
    },
    get copier() {
      if (!copier) throw new Error('this node does not lead: no copier here');
      return copier;
    },
    get rollovers() {
      if (!rollovers) throw new Error('this node does not lead: no rollovers here');
      return rollovers;
    },
    drain,
    async close() {
      drain();
      await app.http.close();
      await leadership?.stop();
      await roles.follow();
      await market.stop();
      await throttle.close();
      await bus.close();
      await database.close();
    },
  };
}
