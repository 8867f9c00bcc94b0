/** kline-query: req/s of 1,000 one-minute candles (GET kline) over HTTP, reported against trade_list. */
import { api } from '@meridian/contract';
import { keepQuoteFresh, load, log, main, row, SYMBOL, startBenchPlatform } from './lib';

main(async () => {
  // A day of minute history, so a 1,000-bar read is full.
  const platform = await startBenchPlatform({ backfillDays: 1 });
  const stop = keepQuoteFresh(platform);
  try {
    const id = platform.market.instrumentByCode(SYMBOL)!.id;
    const klineUrl = `${platform.url}${api.kline.path}?forex_id=${id}&period=1min&limit=1000`;
    const bars = (await (await fetch(klineUrl)).json()) as { data: unknown[] };
    if (bars.data.length !== 1000) throw new Error(`kline gave ${bars.data.length} bars`);
    await load({ url: klineUrl, seconds: 1 });
    const list = await load({ url: `${platform.url}${api.tradeList.path}` });
    const kline = await load({ url: klineUrl });
    log('kline', kline, 'trade_list', list);
    return [
      row(
        'kline-query',
        kline.perSecond,
        'req/s',
        list.perSecond,
        null,
        true,
        `1,000 1-minute bars; p50 ${kline.p50} ms, p99 ${kline.p99} ms`,
      ),
    ];
  } finally {
    stop();
    await platform.close();
  }
});
