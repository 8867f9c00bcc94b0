/**
 * ws-fanout: DAY_MARKET messages per second delivered to 5,000 subscribed websocket clients (in a child
 * process), and p99 latency from a burst's arrival to each client's receipt, through the platform (tick →
 * market → bus → gateway) against a bare `ws` server broadcasting the same bytes with one `send` per
 * client. Ticks come in bursts of BURST, as a feed's messages do when several arrive in one read; every
 * message of a burst carries the burst's arrival time.
 *
 * Both sets of clients stay connected throughout; the two are measured in alternating phases, so a
 * neighbour's load on the shared machine falls on both alike.
 */
import type { ChildProcess } from 'node:child_process';
import { WS_PATH } from '@meridian/contract';
import { WebSocketServer } from 'ws';
import {
  type BenchPlatform,
  log,
  main,
  nextMessage,
  percentile,
  row,
  SECONDS,
  SYMBOL,
  startBenchPlatform,
  startChild,
} from './lib';

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 5000);
/** Messages published back to back per round; the next round starts when every client has them all. */
const BURST = 10;
/** Measured phases per side, alternating bare, gateway, bare, gateway… */
const PHASES = 2;

interface Phase {
  messages: number;
  seconds: number;
  latencies: number[];
}

/** The clients of one server, and how to publish one message to all of them. */
class Audience {
  /** Messages published since the child's counts were last reset. */
  private counted = 0;

  private constructor(
    private readonly child: ChildProcess,
    private readonly publish: (i: number, time: number) => void,
  ) {}

  static async connect(
    url: string,
    subscribe: boolean,
    publish: (i: number, time: number) => void,
  ): Promise<Audience> {
    const child = startChild('ws-clients.js', { url, count: CLIENTS, subscribe });
    await nextMessage(child, 'ready');
    return new Audience(child, publish);
  }

  /** Publishes a burst and waits until every client has every message published since the reset. */
  private async round(): Promise<void> {
    const arrived = Date.now();
    for (let k = 0; k < BURST; k++) this.publish(this.counted++, arrived);
    this.child.send({ type: 'expect', total: this.counted * CLIENTS });
    await nextMessage(this.child, 'reached');
  }

  /** Resets the child's counts; returns what it saw since the last reset. */
  private async report(): Promise<{ received: number; latencies: number[] }> {
    this.child.send({ type: 'report' });
    const report = await nextMessage<{ received: number; latencies: number[] }>(this.child, 'report');
    this.counted = 0;
    return report;
  }

  async warmUp(): Promise<void> {
    for (let i = 0; i < 5; i++) await this.round();
    await this.report();
  }

  /** Rounds for `seconds`; every client must have received every message. */
  async measure(seconds: number): Promise<Phase> {
    const start = performance.now();
    while (performance.now() - start < seconds * 1000) await this.round();
    const elapsed = (performance.now() - start) / 1000;
    const expected = this.counted * CLIENTS;
    const { received, latencies } = await this.report();
    if (received < expected) throw new Error(`lost messages: ${received} of ${expected}`);
    return { messages: expected, seconds: elapsed, latencies };
  }

  async close(): Promise<void> {
    this.child.send({ type: 'close' });
    await new Promise((r) => this.child.once('exit', r));
  }
}

/** Messages per second and latency percentiles over all phases of one side. */
function summary(phases: Phase[]) {
  const messages = phases.reduce((n, p) => n + p.messages, 0);
  const seconds = phases.reduce((n, p) => n + p.seconds, 0);
  const latencies = phases.flatMap((p) => p.latencies).sort((a, b) => a - b);
  return {
    perSecond: messages / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    phases: phases.map((p) => Math.round(p.messages / p.seconds)),
  };
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

main(async () => {
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
    const bare = await Audience.connect(`ws://127.0.0.1:${barePort}`, false, (i, time) => {
      const text = dayMarket(platform, priceOf(i), time);
      for (const client of wss.clients) client.send(text);
    });
    audiences.push(bare);
    const gateway = await Audience.connect(
      `${platform.url.replace('http', 'ws')}${WS_PATH}`,
      true,
      (i, time) => {
        if (!platform.market.pushTick({ symbol: SYMBOL, price: priceOf(i), time, volume: 1 })) {
          throw new Error('tick refused');
        }
      },
    );
    audiences.push(gateway);
    log(`${CLIENTS} clients on each server`);

    await bare.warmUp();
    await gateway.warmUp();
    const bareRuns: Phase[] = [];
    const gatewayRuns: Phase[] = [];
    for (let i = 0; i < PHASES; i++) {
      bareRuns.push(await bare.measure(SECONDS / PHASES));
      gatewayRuns.push(await gateway.measure(SECONDS / PHASES));
    }
    const b = summary(bareRuns);
    const g = summary(gatewayRuns);
    log('bare ws', b);
    log('gateway', g);
    return [
      row(
        'ws-fanout',
        g.perSecond,
        'msg/s',
        b.perSecond,
        0.8,
        true,
        `${CLIENTS} clients; p50 ${g.p50} ms, p99 ${g.p99} ms; bare ws p50 ${b.p50} ms, p99 ${b.p99} ms`,
      ),
    ];
  } finally {
    for (const audience of audiences) await audience.close();
    await new Promise((r) => wss.close(r));
    await platform.close();
  }
});
