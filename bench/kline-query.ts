/**
 * kline-query: req/s of 1,000 one-minute candles (GET kline) over HTTP, against a bare Fastify in the same
 * process answering the same bytes (the kline answer as the client received it, cached), in alternating
 * phases (bare, kline, bare, kline).
 */
import { request } from 'node:http';
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
  SYMBOL,
  startBenchPlatform,
  worst,
} from './lib';

/** Headers the load sends (lib.ts `load`), so the bare answer is the size the kline answer is. */
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br' };

/** One GET as the load client sends it: the raw body (compressed or not) and the headers that describe it. */
function rawGet(url: string): Promise<{ body: Buffer; type: string; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: ACCEPT }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (p: Buffer) => parts.push(p));
      res.on('end', () =>
        resolve({
          body: Buffer.concat(parts),
          type: String(res.headers['content-type']),
          encoding: res.headers['content-encoding'],
        }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

main(async () => {
  // Generated history holds MAX_BARS bars of every period, so a 1,000-bar read is full.
  const platform = await startBenchPlatform();
  // Quotes move while the chart is read, as they do live (once a second here): the bar in progress changes.
  const stop = keepQuoteFresh(platform);
  const bare = Fastify({ logger: false });
  try {
    const id = platform.market.instrumentByCode(SYMBOL)!.id;
    const klineUrl = `${platform.url}${api.kline.path}?forex_id=${id}&period=1min&limit=1000`;
    const bars = (await (await fetch(klineUrl)).json()) as { data: unknown[] };
    if (bars.data.length !== 1000) throw new Error(`kline gave ${bars.data.length} bars`);
    const answer = await rawGet(klineUrl);
    bare.get('/kline', (_req, reply) => {
      reply.type(answer.type);
      if (answer.encoding) reply.header('content-encoding', answer.encoding);
      reply.send(answer.body);
    });
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/kline`;
    await load({ url: klineUrl, seconds: 1 }); // warm-up
    const baseline: LoadResult[] = [];
    const measured: LoadResult[] = [];
    for (let i = 0; i < PHASES; i++) {
      baseline.push(await load({ url: bareUrl }));
      measured.push(await load({ url: klineUrl }));
    }
    log('kline', measured, 'bare', baseline);
    if (measured.some((m) => m.non2xx || m.errors))
      throw new Error(`kline failed: ${JSON.stringify(measured)}`);
    return [
      row(
        'kline-query',
        httpRate(measured),
        'req/s',
        httpRate(baseline),
        0.5,
        true,
        `1,000 1-minute bars, ${answer.body.length} bytes ${answer.encoding ?? 'plain'}; ` +
          `p50 ${worst(measured.map((m) => m.p50))} ms, p99 ${worst(measured.map((m) => m.p99))} ms; ` +
          `bare p99 ${worst(baseline.map((b) => b.p99))} ms (worst phase)`,
      ),
    ];
  } finally {
    stop();
    await bare.close();
    await platform.close();
  }
});
