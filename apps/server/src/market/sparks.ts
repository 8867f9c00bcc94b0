import type { Period, SparkSeries } from '@meridian/contract';
import { type Bar, pointsText } from '@meridian/core';
import type { MarketInstrument } from './definitions';

/** The home screen's small chart: the last day in half-hour closes. */
export const SPARK_PERIOD: Period = '30min';
export const SPARK_POINTS = 48;

/** Each instrument's small chart series, kept in memory and moved by every tick. */
export class SparkBook {
  private readonly series = new Map<number, Bar[]>();

  /** The stored bars at start-up, oldest first. */
  restore(instrumentId: number, bars: Bar[]): void {
    this.series.set(instrumentId, bars);
  }

  /** The half-hour bar a tick changed: the last point moves, or a new one starts and the oldest goes. */
  update(instrumentId: number, bar: Bar): void {
    const series = this.series.get(instrumentId) ?? [];
    if (series.at(-1)?.time === bar.time) series[series.length - 1] = bar;
    else series.push(bar);
    if (series.length > SPARK_POINTS) series.shift();
    this.series.set(instrumentId, series);
  }

  of(instrument: MarketInstrument): SparkSeries {
    return {
      Id: instrument.id,
      Code: instrument.code,
      Points: (this.series.get(instrument.id) ?? []).map((bar) =>
        pointsText(bar.close, instrument.pricePrecision),
      ),
    };
  }
}
