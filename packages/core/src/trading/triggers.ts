import { type Dec, dec } from '../decimal';
import type { Direction } from './direction';
import type { DecLike } from './instrument';

/** What a trigger does when it fires: fill a pending order, or close a position at its SL or TP. */
export type TriggerKind = 'pending' | 'stop_loss' | 'take_profit';

export type OrderId = number | string;

/** One resting trigger price: fires when the instrument's price reaches `level` in `direction`. */
export interface Trigger {
  orderId: OrderId;
  kind: TriggerKind;
  instrumentId: number;
  direction: Direction;
  level: DecLike;
}

/**
 * One resting trigger as the index holds it: the trigger's own fields in one object of one shape (a
 * million of them rest in the engine, so no trigger object beside each node).
 */
class Node implements Trigger {
  readonly orderId: OrderId;
  readonly kind: TriggerKind;
  readonly instrumentId: number;
  readonly direction: Direction;
  readonly level: DecLike;
  /** The level as the nearest double: a cheap first comparison. */
  readonly approx: number;
  live = true;

  constructor(trigger: Trigger) {
    this.orderId = trigger.orderId;
    this.kind = trigger.kind;
    this.instrumentId = trigger.instrumentId;
    this.direction = trigger.direction;
    this.level = trigger.level;
    this.approx = dec(trigger.level).toNumber();
  }

  /** The trigger as callers gave it. */
  trigger(): Trigger {
    const { orderId, kind, instrumentId, direction, level } = this;
    return { orderId, kind, instrumentId, direction, level };
  }
}

// Rounding to the nearest double is monotonic, so different doubles order their decimals exactly;
// only equal doubles fall back to the exact decimal comparison.
function compareLevel(node: Node, approx: number, exact: DecLike): number {
  if (node.approx !== approx) return node.approx < approx ? -1 : 1;
  return dec(node.level).comparedTo(exact);
}

/**
 * Binary heap of one instrument's triggers of one direction, next to fire on top: the lowest level
 * for 'rise', the highest for 'fall'. Removal is lazy: a removed node stays until it surfaces or
 * until removed nodes outnumber live ones, when the heap is rebuilt without them.
 */
class TriggerHeap {
  private nodes: Node[] = [];
  private dead = 0;

  constructor(private readonly direction: Direction) {}

  push(node: Node): void {
    this.nodes.push(node);
    this.siftUp(this.nodes.length - 1);
  }

  /** Notes that one of its nodes was removed. */
  markDead(): void {
    this.dead++;
    if (this.dead * 2 > this.nodes.length) this.compact();
  }

  /** Pops and returns the live triggers that a price reaches, next to fire first. */
  popReached(approx: number, exact: Dec): Trigger[] {
    const fired: Trigger[] = [];
    while (this.nodes.length > 0) {
      const top = this.nodes[0];
      if (top.live && !this.reached(top, approx, exact)) break;
      this.pop();
      if (top.live) {
        top.live = false;
        fired.push(top.trigger());
      } else {
        this.dead--;
      }
    }
    return fired;
  }

  private reached(node: Node, approx: number, exact: Dec): boolean {
    const cmp = compareLevel(node, approx, exact);
    return this.direction === 'rise' ? cmp <= 0 : cmp >= 0;
  }

  private before(a: Node, b: Node): boolean {
    const cmp = compareLevel(a, b.approx, b.level);
    return this.direction === 'rise' ? cmp < 0 : cmp > 0;
  }

  private pop(): void {
    const last = this.nodes.pop()!;
    if (this.nodes.length === 0) return;
    this.nodes[0] = last;
    this.siftDown(0);
  }

  private compact(): void {
    this.nodes = this.nodes.filter((node) => node.live);
    this.dead = 0;
    for (let i = (this.nodes.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  private siftUp(index: number): void {
    const { nodes } = this;
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(nodes[i], nodes[parent])) break;
      [nodes[i], nodes[parent]] = [nodes[parent], nodes[i]];
      i = parent;
    }
  }

  private siftDown(index: number): void {
    const { nodes } = this;
    let i = index;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let first = i;
      if (left < nodes.length && this.before(nodes[left], nodes[first])) first = left;
      if (right < nodes.length && this.before(nodes[right], nodes[first])) first = right;
      if (first === i) return;
      [nodes[i], nodes[first]] = [nodes[first], nodes[i]];
      i = first;
    }
  }
}

/**
 * Resting trigger prices of every instrument, rebuilt from the database at start.
 * Why heaps with lazy deletion: a tick that fires nothing reads two heap tops (O(1)), each fire costs
 * O(log n), and a million entries are one flat array per heap with no rebalancing code to get wrong.
 */
export class TriggerIndex {
  private readonly heaps = new Map<number, Record<Direction, TriggerHeap>>();
  private readonly byOrder: Record<TriggerKind, Map<OrderId, Node>> = {
    pending: new Map(),
    stop_loss: new Map(),
    take_profit: new Map(),
  };
  private count = 0;

  /** Number of resting triggers. */
  get size(): number {
    return this.count;
  }

  /** Adds a trigger; an order has at most one per kind, so this replaces any it had. */
  add(trigger: Trigger): void {
    this.remove(trigger.orderId, trigger.kind);
    const node = new Node(trigger);
    this.byOrder[trigger.kind].set(trigger.orderId, node);
    this.heapsOf(trigger.instrumentId)[trigger.direction].push(node);
    this.count++;
  }

  /** Removes the order's trigger of `kind`; false when it had none. */
  remove(orderId: OrderId, kind: TriggerKind): boolean {
    const node = this.byOrder[kind].get(orderId);
    if (node === undefined) return false;
    this.byOrder[kind].delete(orderId);
    node.live = false;
    this.heapsOf(node.instrumentId)[node.direction].markDead();
    this.count--;
    return true;
  }

  /**
   * Removes and returns the instrument's triggers that `price` reaches: 'rise' ones (level ≤ price)
   * lowest level first, then 'fall' ones (level ≥ price) highest first.
   */
  crossed(instrumentId: number, price: DecLike): Trigger[] {
    const heaps = this.heaps.get(instrumentId);
    if (heaps === undefined) return [];
    const exact = dec(price);
    const approx = exact.toNumber();
    const fired = [...heaps.rise.popReached(approx, exact), ...heaps.fall.popReached(approx, exact)];
    for (const trigger of fired) this.byOrder[trigger.kind].delete(trigger.orderId);
    this.count -= fired.length;
    return fired;
  }

  private heapsOf(instrumentId: number): Record<Direction, TriggerHeap> {
    let heaps = this.heaps.get(instrumentId);
    if (heaps === undefined) {
      heaps = { rise: new TriggerHeap('rise'), fall: new TriggerHeap('fall') };
      this.heaps.set(instrumentId, heaps);
    }
    return heaps;
  }
}
