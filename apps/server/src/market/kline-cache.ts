import { type Candle, MAX_BARS, type Period } from '@meridian/contract';
import type { Bar } from '@meridian/core';
import { type BarBook, candleOf, type StoredBar } from './candles';
import { Piece } from './spliced-gzip';

/**
 * Series kept at most (instrument and period pairs, the least recently read dropped first). One holds up
 * to MAX_BARS candles as one JSON text and its deflated copy, 0.15 MB (0.25 MB with a plain answer): 16 MB
 * at most, measured.
 */
const MAX_SERIES = 64;
/** Different limits kept per series; a client asks for one (the app for the default). */
const MAX_LIMITS = 4;

/** One kline answer's bars as JSON: the closed ones joined by commas, and the bar in progress. */
export interface KlineView {
  closed: Piece;
  live: string | undefined;
}

export interface KlineSource {
  /** The bars in progress, moved by ticks on every node (the leader's feed, the bus on the others). */
  book: BarBook;
  precisionOf(instrumentId: number): number;
  /**
   * The latest `count` stored bars, oldest first, read once the leader's bars in progress are written, with
   * the bars this node moved last over them (a follower's, which the leader may not have written yet).
   */
  stored(instrumentId: number, precision: number, period: Period, count: number): Promise<Bar[]>;
  /** Throws when candles are outside the kline answer's contract (each is checked once, when kept). */
  check(candles: Candle[]): void;
}

/**
 * The closed part of a kline answer changes once a bar, the bar in progress on every tick: the closed bars
 * of the series that are read are kept in memory as JSON, read from the database once and extended as bars
 * close, and every answer of a (series, limit) is the same view until the next tick.
 */
export class KlineCache {
  private readonly kept = new Map<number, Map<Period, Series>>();
  private count = 0;
  private clock = 0;

  constructor(private readonly source: KlineSource) {}

  /** A tick moved these bars (each is the book's bar in progress of its period). */
  moved(instrumentId: number, bars: StoredBar[]): void {
    const periods = this.kept.get(instrumentId);
    if (!periods) return;
    for (const { period, bar } of bars) periods.get(period)?.moved(bar);
  }

  /** The latest `limit` bars of a period, oldest first, the bar in progress included. */
  async view(instrumentId: number, period: Period, limit: number): Promise<KlineView> {
    const precision = this.source.precisionOf(instrumentId);
    let series = this.kept.get(instrumentId)?.get(period);
    // The book moved without a tick (an instrument's history restored) or the precision changed: read again.
    if (series?.live !== this.source.book.current(instrumentId, period) || series?.precision !== precision)
      series = this.open(instrumentId, period, precision);
    series.used = ++this.clock;
    await series.ready;
    return series.view(limit);
  }

  private open(instrumentId: number, period: Period, precision: number): Series {
    this.drop(instrumentId, period);
    if (this.count >= MAX_SERIES) this.dropLeastUsed();
    const { book, stored, check } = this.source;
    const series = new Series(precision, book.current(instrumentId, period), check);
    // One more than the closed bars kept: the stored bar in progress, which the book's replaces.
    series.ready = stored(instrumentId, precision, period, MAX_BARS + 1)
      .then((rows) => series.fill(rows))
      .catch((err) => {
        // Not kept: the next read tries again instead of answering this failure for good.
        if (this.kept.get(instrumentId)?.get(period) === series) this.drop(instrumentId, period);
        throw err;
      });
    let periods = this.kept.get(instrumentId);
    if (!periods) {
      periods = new Map();
      this.kept.set(instrumentId, periods);
    }
    periods.set(period, series);
    this.count++;
    return series;
  }

  private drop(instrumentId: number, period: Period): void {
    const periods = this.kept.get(instrumentId);
    if (!periods?.delete(period)) return;
    this.count--;
    if (periods.size === 0) this.kept.delete(instrumentId);
  }

  private dropLeastUsed(): void {
    let oldest: { instrumentId: number; period: Period; used: number } | undefined;
    for (const [instrumentId, periods] of this.kept)
      for (const [period, { used }] of periods)
        if (!oldest || used < oldest.used) oldest = { instrumentId, period, used };
    if (oldest) this.drop(oldest.instrumentId, oldest.period);
  }
}

/** One instrument and period: its latest closed bars as candle JSON and the bar in progress last seen. */
class Series {
  /** The closed bars' candle JSON joined by commas, oldest first, at most MAX_BARS of them. */
  private joined = '';
  /** Where each closed bar's JSON starts in `joined`: a limit's closed part is a slice of it, not a copy. */
  private starts: number[] = [];
  /** Bars closed since the last answer (or while the stored ones were read), written out by the next. */
  private fresh: Bar[] = [];
  private loaded = false;
  /** The closed part of the answers, per count of closed bars in it. */
  private readonly closed = new Map<number, Piece>();
  /** Answers per limit, until the next tick. */
  private readonly views = new Map<number, KlineView>();
  private liveText: string | undefined;
  ready: Promise<void> = Promise.resolve();
  used = 0;

  constructor(
    readonly precision: number,
    /** The book's bar in progress, the same object (the cache checks it is still the book's). */
    public live: Bar | undefined,
    private readonly check: (candles: Candle[]) => void,
  ) {}

  /** Takes the stored bars: those before the first bar closed meanwhile (or the bar in progress) are closed. */
  fill(rows: Bar[]): void {
    const cut = this.fresh[0]?.time ?? this.live?.time ?? Number.POSITIVE_INFINITY;
    this.fresh = [...rows.filter((bar) => bar.time < cut), ...this.fresh];
    this.loaded = true;
    this.writeFresh();
  }

  /** On the tick path: only notes what changed, the JSON is written by the next answer. */
  moved(bar: Bar): void {
    const previous = this.live;
    if (previous && bar.time > previous.time) {
      this.fresh.push(previous);
      if (this.fresh.length > MAX_BARS) this.fresh.shift();
      this.closed.clear();
    }
    this.live = bar;
    this.liveText = undefined;
    this.views.clear();
  }

  view(limit: number): KlineView {
    let view = this.views.get(limit);
    if (!view) {
      this.writeFresh();
      if (this.views.size >= MAX_LIMITS) this.views.clear();
      view = { closed: this.closedPart(this.live ? limit - 1 : limit), live: this.live && this.liveJson() };
      this.views.set(limit, view);
    }
    return view;
  }

  private writeFresh(): void {
    if (!this.loaded || this.fresh.length === 0) return;
    const candles = this.fresh.map((bar) => candleOf(bar, this.precision));
    // Checked before they are kept: candles outside the contract answer 500 on every call, not once.
    this.check(candles);
    this.fresh = [];
    const texts = candles.map((c) => JSON.stringify(c));
    let at = this.joined.length;
    for (const text of texts) {
      this.starts.push(at === 0 ? 0 : at + 1);
      at += (at === 0 ? 0 : 1) + text.length;
    }
    this.joined = this.joined ? `${this.joined},${texts.join(',')}` : texts.join(',');
    const over = this.starts.length - MAX_BARS;
    if (over > 0) {
      const cut = this.starts[over]!;
      this.joined = this.joined.slice(cut);
      this.starts = this.starts.slice(over).map((start) => start - cut);
    }
  }

  private closedPart(wanted: number): Piece {
    const count = Math.min(wanted, this.starts.length);
    let part = this.closed.get(count);
    if (!part) {
      if (this.closed.size >= MAX_LIMITS) this.closed.clear();
      part = new Piece(count > 0 ? this.joined.slice(this.starts[this.starts.length - count]) : '');
      this.closed.set(count, part);
    }
    return part;
  }

  private liveJson(): string {
    if (this.liveText === undefined) {
      const candle = candleOf(this.live!, this.precision);
      this.check([candle]);
      this.liveText = JSON.stringify(candle);
    }
    return this.liveText;
  }
}
