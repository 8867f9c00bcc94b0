/**
 * ws-20k: 20,000 websocket clients over two nodes (PostgreSQL, Redis, prices from the external feed the
 * leader reads), each following 3 of 30 instruments (`DAY_MARKET:<symbol>`, as the web app follows what is
 * on screen), every instrument quoted 4 times a second, open loop: DAY_MARKET messages delivered per second
 * against a bare `ws` fan-out of the same messages (two plain servers, half the clients each, one `send` per
 * subscriber), and the tick-to-client latency (from the leader's receipt of the tick; the bare servers' from
 * the publish) with its p99 against a budget of 100 ms.
 *
 * A process may hold 20,000 descriptors here, so the clients are spread over child processes of PER_CHILD.
 * Both audiences stay connected; the two are measured in alternating phases (bare, platform, bare,
 * platform), so a neighbour's load on the shared machine falls on both alike. A phase publishes on the
 * schedule for PHASE_SECONDS, then waits until every client has every message of it (or none has come for
 * 3 s: the gateway drops quotes for a client behind); the phase's rate is the messages delivered over the
 * time from its first publish to the last delivery.
 *
 * Every instrument trades around the clock for the run (the market sessions would leave only crypto
 * quoting at a weekend). BTCUSD is left out: the cluster keeps it fresh with ticks of its own.
 */
import type { ChildProcess } from 'node:child_process';
import { dayMarketTopic, WS_PATH } from '@meridian/contract';
import { ALWAYS_OPEN } from '@meridian/core';
import { sql } from 'drizzle-orm';
import {
  clientsReport,
  closeChildren,
  clusterAvailable,
  cpuMsOf,
  log,
  main,
  nextMessage,
  percentile,
  type Row,
  row,
  SECONDS,
  SYMBOL,
  startChild,
  startCluster,
} from './lib';

const CLIENTS = Number(process.env.BENCH_WS20K_CLIENTS ?? 20_000);
/** Clients per child process: the descriptor limit is 20,000 a process. */
const PER_CHILD = 5000;
const INSTRUMENTS = 30;
const TOPICS_PER_CLIENT = 3;
const QUOTES_PER_SECOND = 4;
/** Measured phases per side. */
const PHASES = 2;
const PHASE_SECONDS = SECONDS;
/** The budget for the tick-to-client p99 on this machine. */
const P99_BUDGET_MS = 100;
/** A sampled message is on time when it arrives within the budget. */
const onTime = (latencies: number[]) => latencies.filter((l) => l <= P99_BUDGET_MS).length / latencies.length;

interface Instrument {
  code: string;
  price: number;
  precision: number;
}

/** Client i of a child follows set i % sets.length: 10 disjoint sets of 3 cover the 30 instruments. */
const topicSets = (instruments: Instrument[]) =>
  Array.from({ length: instruments.length / TOPICS_PER_CLIENT }, (_, k) =>
    instruments.slice(k * TOPICS_PER_CLIENT, (k + 1) * TOPICS_PER_CLIENT).map((i) => dayMarketTopic(i.code)),
  );

interface Phase {
  delivered: number;
  expected: number;
  seconds: number;
  latencies: number[];
  /** CPU time the side's servers and its client processes used in the phase, ms. */
  serverCpuMs: number;
  clientCpuMs: number;
}

/** One side's clients, spread over children, and how it publishes one quote. */
class Audience {
  private constructor(
    private readonly children: { child: ChildProcess; count: number }[],
    private readonly sets: string[][],
    private readonly servers: number[],
    private readonly publish: (instrument: Instrument, price: string, time: number) => void,
  ) {}

  /** Clients on the servers at `urls` (whose processes are `servers`). */
  static async connect(
    urls: string[],
    servers: number[],
    sets: string[][],
    publish: (instrument: Instrument, price: string, time: number) => void,
  ): Promise<Audience> {
    const children = Array.from({ length: Math.ceil(CLIENTS / PER_CHILD) }, (_, j) => {
      const count = Math.min(PER_CHILD, CLIENTS - j * PER_CHILD);
      const url = urls[j % urls.length]!;
      return { child: startChild('ws-clients.js', { url, count, topics: sets }), count };
    });
    const audience = new Audience(children, sets, servers, publish);
    try {
      await Promise.all(children.map(({ child }) => nextMessage(child, 'ready', 240_000)));
    } catch (err) {
      await audience.close();
      throw err;
    }
    return audience;
  }

  /** Publishes every instrument's quotes on the schedule for `seconds`, then waits for their delivery. */
  async phase(instruments: Instrument[], seconds: number): Promise<Phase> {
    const published = new Map<string, number>();
    const interval = 1000 / (QUOTES_PER_SECOND * instruments.length);
    const total = Math.round(seconds * QUOTES_PER_SECOND * instruments.length);
    const cpu = (pids: number[]) => pids.reduce((ms, pid) => ms + cpuMsOf(pid), 0);
    const clients = this.children.map(({ child }) => child.pid!);
    const [serverCpu, clientCpu] = [cpu(this.servers), cpu(clients)];
    const start = Date.now();
    let sent = 0;
    // Each quote at its own moment, as a feed sends them; a late timer catches up on the ones due.
    await new Promise<void>((done) => {
      const next = () => {
        while (sent < total && start + sent * interval <= Date.now()) {
          const instrument = instruments[sent % instruments.length]!;
          const n = published.get(instrument.code) ?? 0;
          published.set(instrument.code, n + 1);
          this.publish(instrument, priceOf(instrument, n), Date.now());
          sent++;
        }
        if (sent >= total) return done();
        setTimeout(next, Math.max(0, start + sent * interval - Date.now()));
      };
      next();
    });
    const perSet = this.sets.map((topics) =>
      topics.reduce((n, topic) => n + (published.get(topic.slice(topic.indexOf(':') + 1)) ?? 0), 0),
    );
    const expectedOf = (count: number) =>
      Array.from({ length: count }, (_, i) => perSet[i % perSet.length]!).reduce((a, b) => a + b, 0);
    const reached = await Promise.all(
      this.children.map(({ child, count }) => {
        child.send({ type: 'expect', total: expectedOf(count) });
        return nextMessage<{ at: number }>(child, 'reached', 120_000);
      }),
    );
    const { received, latencies, closed } = await clientsReport(this.children.map(({ child }) => child));
    const serverCpuMs = cpu(this.servers) - serverCpu;
    const clientCpuMs = cpu(clients) - clientCpu;
    if (closed > 0) log(`${closed} clients closed by the server`);
    const last = Math.max(...reached.map((r) => r.at));
    return {
      delivered: received,
      expected: this.children.reduce((n, { count }) => n + expectedOf(count), 0),
      seconds: (last - start) / 1000,
      latencies,
      serverCpuMs,
      clientCpuMs,
    };
  }

  close(): Promise<void> {
    return closeChildren(this.children.map(({ child }) => child));
  }
}

/** The n-th quote of an instrument: a step either side of its reference price, never twice the same. */
function priceOf(instrument: Instrument, n: number): string {
  const step = Math.max(10 ** -instrument.precision, instrument.price * 0.0001);
  return (instrument.price + (n % 2 ? step : -step)).toFixed(instrument.precision);
}

/** The DAY_MARKET bytes the bare servers send: the shape and size of the platform's. */
function dayMarketText(instrument: Instrument, price: string, time: number): string {
  const ref = instrument.price.toFixed(instrument.precision);
  return JSON.stringify({
    type: 'DAY_MARKET',
    code: 0,
    symbol: instrument.code,
    quotation: { close: price, bid: price, ask: price, change: '0.01', open: ref, high: ref, low: ref, time },
  });
}

/** Messages per second and latencies over all phases of one side. */
function summary(phases: Phase[]) {
  const delivered = phases.reduce((n, p) => n + p.delivered, 0);
  const seconds = phases.reduce((n, p) => n + p.seconds, 0);
  const latencies = phases.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const micros = (ms: number) => Math.round((ms * 1000 * 10) / delivered) / 10;
  return {
    perSecond: delivered / seconds,
    /** CPU per message delivered, µs: the servers', the clients'. */
    serverCpu: micros(phases.reduce((n, p) => n + p.serverCpuMs, 0)),
    clientCpu: micros(phases.reduce((n, p) => n + p.clientCpuMs, 0)),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    onTime: onTime(latencies),
    lost: phases.reduce((n, p) => n + p.expected - p.delivered, 0),
    phases: phases.map((p) => Math.round(p.delivered / p.seconds)),
  };
}

/** A bare `ws` server in a child process of its own, as each node is. */
async function startBare(): Promise<{ child: ChildProcess; url: string }> {
  const child = startChild('ws-bare.js', {});
  const { port } = await nextMessage<{ port: number }>(child, 'listening');
  return { child, url: `ws://127.0.0.1:${port}` };
}

async function run(): Promise<Row[]> {
  const cluster = await startCluster(2, { WS_MAX_PER_IP: String(CLIENTS + 100) }, async (db) => {
    await db.execute(
      sql`update instruments set sessions = ${JSON.stringify(ALWAYS_OPEN)}::jsonb, holidays = '[]'::jsonb`,
    );
  });
  const bares: ChildProcess[] = [];
  const audiences: Audience[] = [];
  try {
    const result = await cluster.database.db.execute(
      sql`select code, reference_price::float8 as price, price_precision as precision from instruments
          where enabled and code <> ${SYMBOL} order by sort, id limit ${INSTRUMENTS}`,
    );
    const instruments = (result as unknown as { rows: Instrument[] }).rows;
    if (instruments.length !== INSTRUMENTS)
      throw new Error(`${instruments.length} instruments, not ${INSTRUMENTS}`);
    const sets = topicSets(instruments);

    const bareUrls: string[] = [];
    for (let i = 0; i < cluster.nodes.length; i++) {
      const bare = await startBare();
      bares.push(bare.child);
      bareUrls.push(bare.url);
    }
    const barePids = bares.map((child) => child.pid!);
    const bare = await Audience.connect(bareUrls, barePids, sets, (instrument, price, time) => {
      const text = dayMarketText(instrument, price, time);
      for (const child of bares)
        child.send({ type: 'publish', topic: dayMarketTopic(instrument.code), text });
    });
    audiences.push(bare);
    const nodeUrls = cluster.nodes.map((n) => `${n.url.replace('http', 'ws')}${WS_PATH}`);
    const nodePids = cluster.nodes.map((n) => n.pid);
    const platform = await Audience.connect(nodeUrls, nodePids, sets, (instrument, price, time) =>
      cluster.tick(price, time, instrument.code),
    );
    audiences.push(platform);
    log(`${CLIENTS} clients on each side, ${sets.length} sets of ${TOPICS_PER_CLIENT} instruments`);

    // Warm-up: the first quotes of each instrument, the JIT, the sockets' buffers.
    await bare.phase(instruments, 2);
    await platform.phase(instruments, 2);
    const bareRuns: Phase[] = [];
    const platformRuns: Phase[] = [];
    for (let i = 0; i < PHASES; i++) {
      bareRuns.push(await bare.phase(instruments, PHASE_SECONDS));
      platformRuns.push(await platform.phase(instruments, PHASE_SECONDS));
    }
    const b = summary(bareRuns);
    const p = summary(platformRuns);
    log('bare ws', b);
    log('platform', p);
    const offered = CLIENTS * TOPICS_PER_CLIENT * QUOTES_PER_SECOND;
    const percent = (x: number) => `${Math.round(x * 100)} %`;
    const lost = p.lost > 0 ? `; ${p.lost} messages dropped for clients behind` : '';
    return [
      row(
        'ws-20k',
        p.perSecond,
        'msg/s',
        b.perSecond,
        0.8,
        true,
        `${CLIENTS} clients over 2 nodes, each on ${TOPICS_PER_CLIENT} of ${INSTRUMENTS} instruments quoted ` +
          `${QUOTES_PER_SECOND} times a second (${offered} deliveries/s offered); tick to client p50 ${p.p50} ms, ` +
          `p99 ${p.p99} ms (budget ${P99_BUDGET_MS} ms: ${p.p99 <= P99_BUDGET_MS ? 'met' : 'missed'}), ` +
          `${percent(p.onTime)} within it; bare ws p50 ${b.p50} ms, p99 ${b.p99} ms, ${percent(b.onTime)} within; ` +
          `CPU per message: nodes ${p.serverCpu} µs, bare servers ${b.serverCpu} µs, clients ${p.clientCpu} µs${lost}`,
      ),
    ];
  } finally {
    for (const audience of audiences) await audience.close();
    await closeChildren(bares);
    await cluster.close();
  }
}

main(async () => {
  if (!(await clusterAvailable())) {
    log('no PostgreSQL and Redis on 127.0.0.1: ws-20k is skipped');
    return [];
  }
  return run();
});
