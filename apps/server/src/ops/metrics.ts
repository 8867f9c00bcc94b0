import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
import type { Bus } from '../bus/bus';
import type { Database } from '../db/client';
import type { Market } from '../market';
import type { Trading } from '../trading';
import type { Gateway } from '../ws';
import type { AnswerTimes } from './answer-times';
import type { NodeState } from './node-state';
import type { RedisState } from './redis-state';

export interface MetricSources {
  database: Database;
  market: Market;
  trading: Trading;
  gateway: Gateway;
  node: NodeState;
  bus: Bus;
  /** Present when REDIS_URL is set. */
  redisState?: RedisState;
  answerTimes: AnswerTimes;
}

/** This app's figures in Prometheus text, and that text's content type. */
export interface Metrics {
  registry: Registry;
  contentType: string;
  text(): Promise<string>;
}

/**
 * This app's Prometheus registry: process and Node figures, and the platform's. It is the app's own (tests
 * run many apps in one process); the figures are read from their owners when scraped, at no cost between.
 * Node's figures start at the first scrape: their event-loop and GC observers are never stopped, and an app
 * nobody scrapes (most test apps) need not carry them.
 */
export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  let nodeFigures = false;
  const registers = [registry];
  const { database, market, trading, gateway, node, bus, redisState, answerTimes } = sources;
  // Typed for prom-client's own classes; the registry reads only the name, `get()` and `reset()`.
  registry.registerMetric(answerTimes as unknown as Metric);

  new Counter({
    name: 'meridian_orders_placed_total',
    help: 'Orders placed on this node since it started',
    registers,
    collect() {
      this.reset();
      this.inc(trading.counts.placed);
    },
  });
  new Counter({
    name: 'meridian_orders_closed_total',
    help: 'Positions closed on this node since it started, by reason',
    labelNames: ['reason'],
    registers,
    collect() {
      this.reset();
      for (const [reason, count] of trading.counts.closed) this.inc({ reason }, count);
    },
  });
  new Gauge({
    name: 'meridian_ws_connections',
    help: 'Websocket connections open on this node',
    registers,
    collect() {
      this.set(gateway.connections.size);
    },
  });
  new Gauge({
    name: 'meridian_quote_age_seconds',
    help: 'Seconds since the last quote of each instrument was received (none before its first tick)',
    labelNames: ['symbol'],
    registers,
    collect() {
      this.reset();
      const now = trading.now();
      for (const instrument of market.instruments()) {
        const quote = market.quoteState(instrument.id);
        if (quote && !quote.restored) this.set({ symbol: instrument.code }, (now - quote.time) / 1000);
      }
    },
  });
  new Gauge({
    name: 'meridian_engine_queue_depth',
    help: "Executions waiting or running in the trading engine's queue (0 on a follower)",
    registers,
    collect() {
      this.set(node.engineQueueDepth);
    },
  });
  new Gauge({
    name: 'meridian_leader',
    help: '1 on the node that leads (runs the feed and the engine), else 0',
    registers,
    collect() {
      this.set(node.leading ? 1 : 0);
    },
  });
  new Counter({
    name: 'meridian_price_spikes_total',
    help: 'Quotes the spike filter held, and held quotes it dropped, since the start',
    labelNames: ['outcome'],
    registers,
    collect() {
      this.reset();
      const { held, dropped } = market.spikeCounts();
      this.inc({ outcome: 'held' }, held);
      this.inc({ outcome: 'dropped' }, dropped);
    },
  });
  new Counter({
    name: 'meridian_bus_dropped_total',
    help: 'Messages to other nodes not sent because the bus (Redis) was disconnected, since the start',
    registers,
    collect() {
      this.reset();
      this.inc(bus.dropped);
    },
  });
  if (redisState) redisMetrics(registry, redisState);
  if (database.pool) poolMetrics(registry, database.pool);
  return {
    registry,
    contentType: registry.contentType,
    text() {
      if (!nodeFigures) collectDefaultMetrics({ register: registry });
      nodeFigures = true;
      return registry.metrics();
    },
  };
}

function redisMetrics(registry: Registry, redis: RedisState): void {
  new Gauge({
    name: 'meridian_redis_up',
    help: "1 while every one of this node's Redis connections is up, else 0",
    registers: [registry],
    collect() {
      this.set(redis.up ? 1 : 0);
    },
  });
  new Counter({
    name: 'meridian_redis_fallback_total',
    help: "Throttle counts and websocket places counted in this node's memory because Redis did not answer, since the start",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(redis.fallbacks);
    },
  });
}

function poolMetrics(registry: Registry, pool: NonNullable<Database['pool']>): void {
  new Gauge({
    name: 'meridian_db_pool_connections',
    help: "The PostgreSQL pool's connections: open in all, idle, and requests waiting for one",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
}
