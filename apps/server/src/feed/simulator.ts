import { pointsText, sessionChecker, toPoints } from '@meridian/core';
import type { FeedInstrument, PriceFeed, PriceTick, Tick } from './feed';
import { type Random, seededRandom, sigmaOver, step, symbolSeed } from './walk';

/** Mean time between two ticks of one instrument. */
const MEAN_ARRIVAL_MS = 900;
/** No open market goes longer without a tick, so a quote is never stale for want of news. */
const MAX_ARRIVAL_MS = 4000;
const MIN_ARRIVAL_MS = 40;
/** How often the running simulator releases the ticks that are due. */
const RELEASE_EVERY_MS = 100;

interface Walker {
  symbol: string;
  precision: number;
  volatility: number;
  points: number;
  isOpen: (atMs: number) => boolean;
  random: Random;
  nextAt: number;
}

/**
 * Simulated market: each instrument ticks at random (exponential) intervals and moves by its own
 * volatility, only while its session is open. Deterministic: the same seed, instruments and clock give
 * the same ticks, whether released by the timer or by `advance`.
 */
export class Simulator implements PriceFeed {
  private walkers: Walker[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly seed: number,
    private readonly now: () => number,
  ) {}

  /** Places every instrument at its price as of now, without starting the timer. */
  load(instruments: FeedInstrument[]): void {
    const start = this.now();
    this.walkers = instruments.map((i) => {
      const random = seededRandom(symbolSeed(this.seed, i.symbol));
      return {
        symbol: i.symbol,
        precision: i.precision,
        volatility: i.volatility,
        points: toPoints(i.price, i.precision),
        isOpen: sessionChecker(i.schedule),
        random,
        nextAt: start + arrival(random),
      };
    });
  }

  start(instruments: FeedInstrument[], onTick: (tick: Tick) => void): void {
    this.load(instruments);
    this.timer = setInterval(() => {
      for (const tick of this.advance(this.now())) onTick(tick);
    }, RELEASE_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** The ticks due up to `toMs`, in time order. */
  advance(toMs: number): PriceTick[] {
    const ticks: PriceTick[] = [];
    for (const w of this.walkers) {
      while (w.nextAt <= toMs) {
        const wait = arrival(w.random);
        // Drawn even when closed, so a walker's sequence depends only on its seed and the clock.
        const move = step(w.points, sigmaOver(w.volatility, wait / 1000), w.random);
        if (w.isOpen(w.nextAt)) {
          w.points += move;
          ticks.push({
            symbol: w.symbol,
            price: pointsText(w.points, w.precision),
            time: w.nextAt,
            volume: 1,
          });
        }
        w.nextAt += wait;
      }
    }
    return ticks.sort((a, b) => a.time - b.time);
  }
}

function arrival(random: Random): number {
  const wait = -Math.log(1 - random()) * MEAN_ARRIVAL_MS;
  return Math.round(Math.min(MAX_ARRIVAL_MS, Math.max(MIN_ARRIVAL_MS, wait)));
}
