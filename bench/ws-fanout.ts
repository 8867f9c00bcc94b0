/**
 * ws-fanout: DAY_MARKET messages per second delivered to 5,000 subscribed websocket clients (in a child
 * process), and p99 latency from a burst's arrival to each client's receipt, through the platform (tick →
 * market → bus → gateway) against a bare `ws` server broadcasting the same bytes with one `send` per
 * client. Ticks come in bursts of BURST, as a feed's messages do when several arrive in one read; every
 * message of a burst carries the burst's arrival time.
 *
 * Both sets of clients stay connected throughout; the two are measured in alternating phases, so a
 * neighbour's load on the shared machine falls on both alike.
 *
 * ws-fanout (2 nodes), when PostgreSQL and Redis answer: the same clients split over two nodes (server
 * processes on one database and one Redis, ticks from the price feed the leader reads), against all of
 * them on one node of the same cluster.
 *
 * The gateway drops market data for a client that is behind (and closes one behind for long): a round
 * whose messages stop arriving ends its phase, and what was lost is in the row's note. Only messages
 * delivered count, and the seconds waited to see that the rest were not coming do not.
 */
import type { ChildProcess } from 'node:child_process';
import { WS_PATH } from '@meridian/contract';
import { WebSocketServer } from 'ws';
import {
  type BenchPlatform,
  CLUSTER_PRICE,
  type ClientsReport,
  clientsReport,
  closeChildren,
  clusterAvailable,
  log,
  main,
  nextMessage,
  percentile,
  type Row,
  row,
  SECONDS,
  SYMBOL,
  startBenchPlatform,
  startChild,
  startCluster,
} from './lib';

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 5000);
/** Messages published back to back per round; the next round starts when every client has them all. */
const BURST = 10;
/** Measured phases per side, alternating bare, gateway, bare, gateway… */
const PHASES = 2;
/** How long the clients wait for a message before deciding the rest of a round is not coming. */
const STALL_MS = 3000;

interface Phase {
  /** Messages delivered. */
  messages: number;
  /** Messages published times subscribers, less those delivered. */
  lost: number;
  seconds: number;
  latencies: number[];
}

/** The clients of one or more servers (split evenly), and how to publish one message to all of them. */
class Audience {
  /** Messages published since the children's counts were last reset. */
  private counted = 0;

  private constructor(
    private readonly children: { child: ChildProcess; count: number }[],
    private readonly publish: (i: number, time: number) => void,
  ) {}

  static async connect(
    urls: string[],
    subscribe: boolean,
    publish: (i: number, time: number) => void,
  ): Promise<Audience> {
    const children = urls.map((url, i) => {
      const count = Math.floor(CLIENTS / urls.length) + (i < CLIENTS % urls.length ? 1 : 0);
      return {
        child: startChild('ws-clients.js', { url, count, topics: [subscribe ? ['DAY_MARKET'] : []] }),
        count,
      };
    });
    const audience = new Audience(children, publish);
    try {
      await Promise.all(children.map(({ child }) => nextMessage(child, 'ready')));
    } catch (err) {
      await audience.close();
      throw err;
    }
    return audience;
  }

  /**
   * Publishes a burst and waits until every client has every message published since the reset; false
   * when some stopped arriving (dropped or closed by the server).
   */
  private async round(): Promise<boolean> {
    const arrived = Date.now();
    for (let k = 0; k < BURST; k++) this.publish(this.counted++, arrived);
    const answers = await Promise.all(
      this.children.map(({ child, count }) => {
        child.send({ type: 'expect', total: this.counted * count });
        return nextMessage<{ stalled: boolean }>(child, 'reached', 4 * STALL_MS);
      }),
    );
    return answers.every((a) => !a.stalled);
  }

  /** Resets the children's counts; returns what they saw since the last reset. */
  private async report(): Promise<ClientsReport> {
    const report = await clientsReport(this.children.map(({ child }) => child));
    this.counted = 0;
    return report;
  }

  async warmUp(): Promise<void> {
    for (let i = 0; i < 5; i++) if (!(await this.round())) break;
    await this.report();
  }

  /** Rounds for `seconds`, or until a round's messages stop arriving. */
  async measure(seconds: number): Promise<Phase> {
    const start = performance.now();
    let stalled = false;
    while (!stalled && performance.now() - start < seconds * 1000) stalled = !(await this.round());
    // The wait that saw the rest was not coming is not delivery time.
    const elapsed = (performance.now() - start - (stalled ? STALL_MS : 0)) / 1000;
    const published = this.counted * CLIENTS;
    const { received, latencies, closed } = await this.report();
    if (closed > 0) log(`${closed} clients closed by the server`);
    return { messages: received, lost: Math.max(0, published - received), seconds: elapsed, latencies };
  }

  close(): Promise<void> {
    return closeChildren(this.children.map(({ child }) => child));
  }
}

/** Messages per second and latency percentiles over all phases of one side. */
function summary(phases: Phase[]) {
  const messages = phases.reduce((n, p) => n + p.messages, 0);
  const seconds = phases.reduce((n, p) => n + p.seconds, 0);
  const latencies = phases.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const lost = phases.reduce((n, p) => n + p.lost, 0);
  return {
    perSecond: messages / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    lost,
    phases: phases.map((p) => Math.round(p.messages / p.seconds)),
  };
}

const lostNote = (lost: number) => (lost > 0 ? `; ${lost} messages dropped for clients behind` : '');

/** Measures `a` and `b` in alternating phases (a, b, a, b…) after warming both up. */
async function alternate(a: Audience, b: Audience) {
  await a.warmUp();
  await b.warmUp();
  const aRuns: Phase[] = [];
  const bRuns: Phase[] = [];
  for (let i = 0; i < PHASES; i++) {
    aRuns.push(await a.measure(SECONDS / PHASES));
    bRuns.push(await b.measure(SECONDS / PHASES));
  }
  return [summary(aRuns), summary(bRuns)] as const;
}

/** The DAY_MARKET bytes the platform sends for a tick (built the way market/service.ts builds them). */
function dayMarket(platform: BenchPlatform, price: string, time: number): string {
  const id = platform.market.instrumentByCode(SYMBOL)!.id;
  const q = platform.market.quote(id)!;
  return JSON.stringify({
    type: 'DAY_MARKET',
    code: 1,
    symbol: SYMBOL,
    quotation: { close: price, change: q.change, open: q.open, high: q.high, low: q.low, time },
  });
}

const wsUrl = (httpUrl: string) => `${httpUrl.replace('http', 'ws')}${WS_PATH}`;

async function oneNode(): Promise<Row> {
  // 5,000 clients from one address: the per-address ceiling is raised as an operator would for a load test.
  const platform = await startBenchPlatform({ wsMaxPerIp: CLIENTS + 100 });
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  const audiences: Audience[] = [];
  try {
    const id = platform.market.instrumentByCode(SYMBOL)!.id;
    const base = Number(platform.market.quote(id)!.price);
    const priceOf = (i: number) => (base + (i % 2 ? 0.01 : -0.01)).toFixed(2);

    // Baseline: a bare ws server, one JSON string per message, one send per client.
    await new Promise((r) => wss.once('listening', r));
    const barePort = (wss.address() as { port: number }).port;
    const bare = await Audience.connect([`ws://127.0.0.1:${barePort}`], false, (i, time) => {
      const text = dayMarket(platform, priceOf(i), time);
      for (const client of wss.clients) client.send(text);
    });
    audiences.push(bare);
    const gateway = await Audience.connect([wsUrl(platform.url)], true, (i, time) => {
      if (!platform.market.pushTick({ symbol: SYMBOL, price: priceOf(i), time, volume: 1 })) {
        throw new Error('tick refused');
      }
    });
    audiences.push(gateway);
    log(`${CLIENTS} clients on each server`);

    const [b, g] = await alternate(bare, gateway);
    log('bare ws', b);
    log('gateway', g);
    return row(
      'ws-fanout',
      g.perSecond,
      'msg/s',
      b.perSecond,
      0.8,
      true,
      `${CLIENTS} clients; p50 ${g.p50} ms, p99 ${g.p99} ms; bare ws p50 ${b.p50} ms, p99 ${b.p99} ms${lostNote(g.lost)}`,
    );
  } finally {
    for (const audience of audiences) await audience.close();
    await new Promise((r) => wss.close(r));
    await platform.close();
  }
}

/**
 * The clients split over two nodes against all of them on one node of the same cluster. The two sets
 * cannot be connected at once (every tick reaches every subscriber of every node), so one after the other.
 */
async function twoNodes(): Promise<Row> {
  const cluster = await startCluster(2, { WS_MAX_PER_IP: String(CLIENTS + 100) });
  try {
    const priceOf = (i: number) => (CLUSTER_PRICE + (i % 2 ? 0.01 : -0.01)).toFixed(2);
    const publish = (i: number, time: number) => cluster.tick(priceOf(i), time);
    const [a, b] = cluster.nodes.map((n) => wsUrl(n.url)) as [string, string];
    const measure = async (urls: string[]) => {
      const audience = await Audience.connect(urls, true, publish);
      try {
        await audience.warmUp();
        const runs: Phase[] = [];
        for (let i = 0; i < PHASES; i++) runs.push(await audience.measure(SECONDS / PHASES));
        return summary(runs);
      } finally {
        await audience.close();
      }
    };
    const one = await measure([a]);
    const two = await measure([a, b]);
    log('cluster, one node', one);
    log('cluster, two nodes', two);
    return row(
      'ws-fanout (2 nodes)',
      two.perSecond,
      'msg/s',
      one.perSecond,
      null,
      true,
      `${CLIENTS} clients split over 2 nodes (PostgreSQL, Redis, ticks from the feed) vs all on one node of ` +
        `the same cluster; p50 ${two.p50} ms, p99 ${two.p99} ms; one node p50 ${one.p50} ms, p99 ${one.p99} ms` +
        `${lostNote(two.lost + one.lost)}`,
    );
  } finally {
    await cluster.close();
  }
}

main(async () => {
  const rows = [await oneNode()];
  if (await clusterAvailable()) rows.push(await twoNodes());
  else log('no PostgreSQL and Redis on 127.0.0.1: the 2-node row is skipped');
  return rows;
});
