import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import type { DestinationStream } from 'pino';
import { type App, buildApp } from './app';
import { type Bus, memoryBus } from './bus/bus';
import { redisBus } from './bus/redis';
import type { Config } from './config';
import { seedContent } from './content';
import { COPY_SWEEP_MS, Copier } from './copying';
import { type Database, openDatabase } from './db/client';
import { refuseOlderSchema } from './db/migrate';
import type { PriceFeed } from './feed/feed';
import { pendingWithdrawals, seedFunding, type UploadStore, uploadStoreFor } from './funding';
import { setPasswordCost } from './http/password';
import { type Secrets, secretKeyFor, secretsFor } from './http/secrets';
import { setSessionPolicy } from './http/sessions';
import { memoryThrottle, redisThrottle, type Throttle, withFallback } from './http/throttle';
import { electLeader, type Leadership, withStartupLock } from './leadership';
import { createMarket, type Market, seedMarket } from './market';
import { type NoticeJobs, startNoticeJobs } from './notice-jobs';
import { missedNotices } from './notifications';
import type { NodeState } from './ops';
import { RedisState } from './ops';
import { Relay } from './outbox/outbox';
import { sealStoredVapidKey } from './push';
import { seedDemoTraders, startRankingJobs } from './ranking';
import { seed } from './seed';
import { startSnapshotJob } from './statements';
import {
  Engine,
  MissedOrders,
  Rollovers,
  startExpiryJob,
  startRolloverJob,
  Trading,
  tradingMarket,
} from './trading';
import { deleteUnusedUploads } from './uploads';
import { createLog, errorLog, type Log } from './util/log';
import { every, type Periodic } from './util/periodic';

/** The websocket close code for "service restart" (RFC 6455 registry): clients reconnect, to another node. */
const SERVICE_RESTART = 1012;

/** How often the leader deletes pictures nobody used. */
const UPLOAD_CLEANUP_MS = 60 * 60_000;

export interface Platform extends App {
  config: Config;
  /** The node's logger: JSON lines with its id and leader flag. */
  log: Log;
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
  /** The outbox's relay of this node while it leads (likewise). */
  readonly relay: Relay;
  /** The first operator's password when this start made one up (embedded mode's first start): shown once. */
  firstOperatorPassword?: string;
  /** The sign-in, code and step-up counters. */
  throttle: Throttle;
  /** Seals the secrets kept in the database. */
  secrets: Secrets;
  /** Where uploaded pictures' bytes are kept. */
  uploads: UploadStore;
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
  /** Where log lines go; stdout by default. */
  logTo?: DestinationStream;
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
  // The one clock of the server: the wall clock in production, a test's own clock in tests.
  const now = options.now ?? Date.now;
  setPasswordCost(config.passwordLogN);
  let engine: Engine | null = null;
  const nodeId = randomBytes(6).toString('hex');
  const log = createLog({
    level: config.logLevel,
    node: nodeId,
    leading: () => engine !== null,
    destination: options.logTo,
  });
  const fails = errorLog(log);
  const database = await openDatabase(config, 'server', (err) =>
    log.warn({ err }, 'database connection lost: its query fails, the pool opens another'),
  );
  // Before the leader's jobs start: their pushes ask whether a sign-in is live.
  setSessionPolicy(database.db, { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, now });
  const redisState = config.redisUrl ? new RedisState(log) : undefined;
  const bus =
    config.redisUrl && redisState
      ? await redisBus(config.redisUrl, config.redisPrefix, (name, redis) => redisState.watch(name, redis))
      : memoryBus();
  const market = createMarket({ db: database.db, bus, config, now, feed: options.feed, log });
  const secrets = secretsFor(secretKeyFor(config));
  const uploads = uploadStoreFor(config, database.db);
  let firstOperatorPassword: string | undefined;
  const prepare = async () => {
    // PostgreSQL migrates by `npm run migrate`, or at start when asked; the embedded database always at start.
    if (config.databaseUrl && !config.migrateOnStart)
      await refuseOlderSchema(config.databaseUrl, config.migrationsDir);
    else await database.migrate((line) => log.info(line));
    await sealStoredVapidKey(database.db, secrets);
    ({ operatorPassword: firstOperatorPassword } = await seed(database.db, config));
    await seedMarket(database.db);
    // Receiving accounts, withdrawal rates, market news and companies are invented: the embedded demo's only.
    if (!config.databaseUrl) await seedFunding(database.db);
    await seedContent(database.db, { demo: !config.databaseUrl, now: now() });
    if (config.demoTraders) await seedDemoTraders(database.db, config.demoInitialBalance);
    await market.start();
  };
  await (config.databaseUrl ? withStartupLock(config.databaseUrl, prepare) : prepare());

  const prices = tradingMarket(market);
  const trading = new Trading(database.db, prices, bus, now, {
    concurrent: database.kind === 'postgres',
    withdrawals: pendingWithdrawals,
  });
  let copier: Copier | null = null;
  let copySweep: Periodic | null = null;
  let stopRankingJobs: (() => Promise<void>) | null = null;
  let cleanUploads: Periodic | null = null;
  let equitySnapshots: Periodic | null = null;
  let notices: NoticeJobs | null = null;
  let relay: Relay | null = null;
  let rollovers: Rollovers | null = null;
  let rolloverJob: Periodic | null = null;
  let expiryJob: Periodic | null = null;
  const roles = {
    async lead() {
      engine = new Engine(database.db, prices, bus, trading, fails);
      await engine.start();
      market.lead();
      const leaderRelay = new Relay(database.db, now, fails);
      relay = leaderRelay;
      notices = await startNoticeJobs({
        db: database.db,
        bus,
        market: prices,
        config,
        now,
        secrets,
        relay: leaderRelay,
        log: fails,
      });
      // After its subscribers: its first pass hands them what was emitted while no node led.
      leaderRelay.start();
      stopRankingJobs = startRankingJobs({ db: database.db, config, market, trading, now, log: fails });
      const leaderCopier = new Copier(database.db, trading, now, fails);
      leaderCopier.start(bus);
      copier = leaderCopier;
      copySweep = every(
        COPY_SWEEP_MS,
        () => leaderCopier.sweep(),
        (err) => fails('copy sweep failed', err),
      );
      cleanUploads = every(
        UPLOAD_CLEANUP_MS,
        () => deleteUnusedUploads(database.db, uploads, now()),
        (err) => fails('upload clean-up failed', err),
      );
      equitySnapshots = startSnapshotJob(database.db, trading, fails);
      rollovers = new Rollovers(database.db, market, prices, bus, now);
      rolloverJob = startRolloverJob(rollovers, fails);
      expiryJob = startExpiryJob(database.db, bus, now, fails);
    },
    async follow() {
      await expiryJob?.stop();
      expiryJob = null;
      await rolloverJob?.stop();
      rolloverJob = null;
      rollovers = null;
      await equitySnapshots?.stop();
      equitySnapshots = null;
      await relay?.stop();
      relay = null;
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
    leadership = electLeader(config.databaseUrl, roles, (message, err) =>
      err ? log.warn({ err }, message) : log.info(message),
    );
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
    id: nodeId,
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
  const throttle =
    config.redisUrl && redisState
      ? withFallback(
          await redisThrottle(
            config.redisUrl,
            (redis) => redisState.watch('throttles', redis),
            config.redisPrefix,
          ),
          memoryThrottle(now),
          (err) => redisState.fellBack(err),
        )
      : memoryThrottle(now);
  const app = await buildApp({
    config,
    now,
    database,
    bus,
    market,
    trading,
    throttle,
    redisState,
    secrets,
    uploads,
    node,
    log,
    onDemoReset: (tx, userId) => trading.resetOrders(tx, userId),
  });
  // The order changes the bus loses, read back on every node for its sockets and its ORDER_CHANNEL handlers.
  const missedOrders = new MissedOrders(
    database.db,
    bus,
    (userId, message) => app.gateway.sendToUser(userId, message),
    fails,
  );
  missedOrders.start();
  // Likewise the NOTIFICATION pushes, for the bell of each trader signed in here.
  const notificationsMissed = missedNotices(
    database.db,
    bus,
    now,
    () => app.gateway.watchedUsers(),
    (userId, message) => app.gateway.sendToUser(userId, message),
    fails,
  );
  notificationsMissed.start();
  return {
    ...app,
    config,
    log,
    database,
    bus,
    market,
    trading,
    firstOperatorPassword,
    throttle,
    secrets,
    uploads,
    get engine() {
      if (!engine) throw new Error('this node does not lead: no engine here');
      return engine;
    },
    get notices() {
      if (!notices) throw new Error('this node does not lead: no alerts here');
      return notices;
    },
    get relay() {
      if (!relay) throw new Error('this node does not lead: no relay here');
      return relay;
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
      await missedOrders.stop();
      await notificationsMissed.stop();
      await leadership?.stop();
      await roles.follow();
      await market.stop();
      await throttle.close();
      await bus.close();
      await database.close();
    },
  };
}
