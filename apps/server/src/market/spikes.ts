import { confirmsSpike, SPIKE_WINDOW, spikeFloor, spikeThreshold } from '@meridian/core';

/** A quote as the filter judges it: its price in points, and what it carries. */
export interface Judged<T> {
  points: number;
  tick: T;
}

/**
 * The spike filter of TRADING.md "Prices", per instrument: a quote that moves past the threshold from the
 * last accepted one is held, taken when the next quote confirms it, else dropped. Held and dropped quotes
 * are counted (what /metrics reports) and logged.
 */
export class SpikeFilter<T> {
  private readonly moves = new Map<number, number[]>();
  private readonly held = new Map<number, Judged<T>>();
  readonly counts = { held: 0, dropped: 0 };

  constructor(private readonly log: (message: string, detail?: unknown) => void) {}

  /** The quotes to take now, in order, given `next` and the instrument's last accepted price (points). */
  pass(
    instrument: { id: number; code: string; crypto: boolean; spikeThreshold: string | null },
    next: Judged<T>,
    last: number | undefined,
  ): T[] {
    const { id, code } = instrument;
    const held = this.held.get(id);
    this.held.delete(id);
    if (last === undefined) return [next.tick];
    // An operator's threshold (a fraction of the price) replaces the one learned from recent moves.
    const threshold =
      instrument.spikeThreshold === null
        ? spikeThreshold(this.moves.get(id) ?? [], last, spikeFloor(instrument.crypto))
        : last * Number(instrument.spikeThreshold);
    if (held) {
      if (confirmsSpike(held.points, next.points, threshold)) {
        this.record(id, held.points - last);
        this.record(id, next.points - held.points);
        return [held.tick, next.tick];
      }
      this.counts.dropped++;
      this.log('price spike dropped', { symbol: code, points: held.points, last });
    }
    if (Math.abs(next.points - last) > threshold) {
      this.held.set(id, next);
      this.counts.held++;
      this.log('price spike held', { symbol: code, points: next.points, last, threshold });
      return [];
    }
    this.record(id, next.points - last);
    return [next.tick];
  }

  private record(id: number, move: number): void {
    const moves = this.moves.get(id) ?? [];
    moves.push(Math.abs(move));
    if (moves.length > SPIKE_WINDOW) moves.shift();
    this.moves.set(id, moves);
  }
}
