/**
 * http-trade-list: req/s of GET /v1/api/forex/trade_list against a bare Fastify hello-world in the same
 * set-up, in alternating phases (hello, list, same, hello, list, same). `same` is bare Fastify sending the
 * list's own bytes and headers: what the answer's size costs the server and the load process alone, so
 * the note shows how much of the gap is ours.
 */
import { get } from 'node:http';
import { api } from '@meridian/contract';
import Fastify from 'fastify';
import {
  httpRate,
  keepQuoteFresh,
  LOAD_HEADERS,
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
  const platform = await startBenchPlatform();
  // Quotes move while the list is read, as they do live (once a second per instrument here).
  const stop = keepQuoteFresh(platform);
  const url = `${platform.url}${api.tradeList.path}`;
  const copy = await listAnswer(url);
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  bare.get('/same', async (_req, reply) => reply.headers(copy.headers).send(copy.body));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const barePort = (bare.server.address() as { port: number }).port;
  try {
    await load({ url, seconds: 1 }); // warm-up
    const baseline: LoadResult[] = [];
    const measured: LoadResult[] = [];
    const same: LoadResult[] = [];
    const server = { hello: 0, list: 0, same: 0 };
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
      await timed('same', same, `http://127.0.0.1:${barePort}/same`);
    }
    const client = (runs: LoadResult[]) =>
      (runs.reduce((sum, r) => sum + r.clientCpu, 0) / runs.length).toFixed(1);
    log('trade_list', measured, 'hello', baseline, 'same bytes', same);
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
          `(hello-world ${client(baseline)}); bare Fastify sending the list's ${copy.body.length} bytes and ` +
          `headers: ${Math.round(httpRate(same))} req/s (${(httpRate(same) / httpRate(baseline)).toFixed(2)} of ` +
          `hello-world; the list ${(httpRate(measured) / httpRate(same)).toFixed(2)} of it), server ` +
          `${server.same.toFixed(1)} µs, client ${client(same)} µs`,
      ),
    ];
  } finally {
    stop();
    await bare.close();
    await platform.close();
  }
});

/** The list's answer as the load process gets it (compressed as it asks), without the per-connection headers. */
function listAnswer(url: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const skip = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'];
  return new Promise((resolve, reject) => {
    // node:http, not fetch: fetch would undo the compression the copy must keep.
    get(url, { headers: LOAD_HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers))
          if (!skip.includes(name) && typeof value === 'string') headers[name] = value;
        resolve({ body: Buffer.concat(chunks), headers });
      });
    }).on('error', reject);
  });
}
