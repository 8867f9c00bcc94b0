/** http-trade-list: req/s of GET /v1/api/forex/trade_list against a bare Fastify hello-world in the same set-up. */
import { api } from '@meridian/contract';
import Fastify from 'fastify';
import { keepQuoteFresh, load, log, main, row, startBenchPlatform } from './lib';

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
    const baseline = await load({ url: `http://127.0.0.1:${barePort}/hello` });
    const measured = await load({ url });
    log('trade_list', measured, 'hello', baseline);
    if (measured.non2xx || measured.errors) throw new Error(`trade_list failed: ${JSON.stringify(measured)}`);
    return [
      row(
        'http-trade-list',
        measured.perSecond,
        'req/s',
        baseline.perSecond,
        0.6,
        true,
        `p50 ${measured.p50} ms, p99 ${measured.p99} ms; hello-world p99 ${baseline.p99} ms`,
      ),
    ];
  } finally {
    stop();
    await bare.close();
    await platform.close();
  }
});
