/**
 * http-trade-list: req/s of GET /v1/api/forex/trade_list against a bare Fastify hello-world in the same
 * set-up, in alternating phases (hello, list, hello, list).
 */
import { api } from '@meridian/contract';
import Fastify from 'fastify';
import {
  httpRate,
  keepQuoteFresh,
  type LoadResult,
  load,
  log,
  main,
  PHASES,
  row,
  startBenchPlatform,
  worst,
} from './lib';

main(async () => {
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const barePort = (bare.server.address() as { port: number }).port;
  const platform = await startBenchPlatform();
  // Quotes move while the list is read, as they do live (once a second per instrument here).
  const stop = keepQuoteFresh(platform);
  try {
    const url = `${platform.url}${api.tradeList.path}`;
    await load({ url, seconds: 1 }); // warm-up
    const baseline: LoadResult[] = [];
    const measured: LoadResult[] = [];
    const server = { hello: 0, list: 0 };
    // CPU per answer of the server (this process serves both sides) and of the client: the rates are both's.
    const timed = async (side: keyof typeof server, into: LoadResult[], target: string) => {
      const before = process.cpuUsage();
      const result = await load({ url: target });
      const used = process.cpuUsage(before);
      server[side] += (used.user + used.system) / result.total / PHASES;
      into.push(result);
    };
    for (let i = 0; i < PHASES; i++) {
      await timed('hello', baseline, `http://127.0.0.1:${barePort}/hello`);
      await timed('list', measured, url);
    }
    const client = (runs: LoadResult[]) =>
      (runs.reduce((sum, r) => sum + r.clientCpu, 0) / runs.length).toFixed(1);
    log('trade_list', measured, 'hello', baseline);
    if (measured.some((m) => m.non2xx || m.errors))
      throw new Error(`trade_list failed: ${JSON.stringify(measured)}`);
    return [
      row(
        'http-trade-list',
        httpRate(measured),
        'req/s',
        httpRate(baseline),
        0.8,
        true,
        `p50 ${worst(measured.map((m) => m.p50))} ms, p99 ${worst(measured.map((m) => m.p99))} ms; ` +
          `hello-world p99 ${worst(baseline.map((b) => b.p99))} ms (worst phase); CPU per answer: server ` +
          `${server.list.toFixed(1)} µs (hello-world ${server.hello.toFixed(1)}), client ${client(measured)} µs ` +
          `(hello-world ${client(baseline)})`,
      ),
    ];
  } finally {
    stop();
    await bare.close();
    await platform.close();
  }
});
