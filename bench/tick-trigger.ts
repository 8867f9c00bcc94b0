/**
 * tick-trigger: microseconds per tick through the whole tick path (market bars and quote → bus → engine
 * trigger index) with 1,000,000 resting triggers that the ticks do not reach, against the same with none.
 */
import { log, main, microsPerCall, row, SECONDS, SYMBOL, startBenchPlatform, wanderingTicks } from './lib';

const TRIGGERS = Number(process.env.BENCH_TRIGGERS ?? 1_000_000);

main(async () => {
  const platform = await startBenchPlatform();
  try {
    const id = platform.market.instrumentByCode(SYMBOL)!.id;
    const base = Number(platform.market.quote(id)!.price);
    // Prices wander ±50 around the quote; the resting levels sit at least 1,000 away, above and below.
    const tick = wanderingTicks(platform);
    microsPerCall(tick, 1000); // warm-up
    const none = microsPerCall(tick, SECONDS * 1000);

    const index = platform.engine.index;
    const instruments = [...new Set([id, ...Array.from({ length: 31 }, (_, k) => k + 1)])];
    const started = performance.now();
    for (let n = 0; n < TRIGGERS; n++) {
      const instrumentId = n % 4 === 0 ? id : instruments[n % instruments.length]!;
      const rise = n % 2 === 0;
      const away = 1000 + (n % 5000);
      // Half watch the bid (buys' stops, sell limits and stops), half the ask: a tick looks at both.
      index.add(
        {
          orderId: 10_000_000 + n,
          kind: n % 3 === 0 ? 'pending' : n % 3 === 1 ? 'stop_loss' : 'take_profit',
          instrumentId,
          direction: rise ? 'rise' : 'fall',
          level: (rise ? base + away : base - away).toFixed(2),
        },
        n % 4 < 2 ? 'bid' : 'ask',
      );
    }
    log(`${index.size} triggers indexed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    microsPerCall(tick, 1000);
    const loaded = microsPerCall(tick, SECONDS * 1000);
    log('µs/tick', { none, loaded });
    if (index.size < TRIGGERS) throw new Error(`a tick fired resting triggers: ${index.size} left`);
    return [
      row(
        'tick-trigger',
        loaded,
        'µs/tick',
        none,
        2,
        false,
        `${TRIGGERS.toLocaleString('en')} resting triggers vs none`,
      ),
    ];
  } finally {
    await platform.close();
  }
});
