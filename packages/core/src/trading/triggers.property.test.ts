import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../decimal';
import { type Direction, isTriggered } from './direction';
import { type Trigger, TriggerIndex, type TriggerKind } from './triggers';

// Few ids, instruments and levels, so that replacements, removals and ties happen often; the
// 21-digit levels share one double, which exercises the exact tie-break.
const levelArb = fc.oneof(
  fc.integer({ min: 0, max: 20 }).map((n) => dec(n).div(4).toFixed()),
  fc.constantFrom('1.000000000000000000001', '1.000000000000000000002', '1'),
);
const kindArb = fc.constantFrom<TriggerKind>('pending', 'stop_loss', 'take_profit');
const orderIdArb = fc.integer({ min: 1, max: 12 });
const instrumentArb = fc.integer({ min: 1, max: 3 });

type Command =
  | { op: 'add'; trigger: Trigger }
  | { op: 'remove'; orderId: number; kind: TriggerKind }
  | { op: 'crossed'; instrumentId: number; price: string };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('add' as const),
    trigger: fc.record({
      orderId: orderIdArb,
      kind: kindArb,
      instrumentId: instrumentArb,
      direction: fc.constantFrom<Direction>('rise', 'fall'),
      level: levelArb,
    }),
  }),
  fc.record({ op: fc.constant('remove' as const), orderId: orderIdArb, kind: kindArb }),
  fc.record({ op: fc.constant('crossed' as const), instrumentId: instrumentArb, price: levelArb }),
);

const keyOf = (t: { orderId: unknown; kind: string }) => `${t.kind}:${t.orderId}`;

describe('TriggerIndex against a naive list', () => {
  it('fires, removes and counts exactly what a linear scan would', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 200 }), (commands) => {
        const index = new TriggerIndex();
        const model = new Map<string, Trigger>();
        for (const command of commands) {
          if (command.op === 'add') {
            index.add(command.trigger);
            model.set(keyOf(command.trigger), command.trigger);
          } else if (command.op === 'remove') {
            expect(index.remove(command.orderId, command.kind)).toBe(model.delete(keyOf(command)));
          } else {
            const expected = [...model.values()].filter(
              (t) =>
                t.instrumentId === command.instrumentId && isTriggered(t.direction, t.level, command.price),
            );
            for (const t of expected) model.delete(keyOf(t));
            const fired = index.crossed(command.instrumentId, command.price);
            expect(fired.map(keyOf).sort()).toEqual(expected.map(keyOf).sort());
            expectNextToFireFirst(fired);
          }
          expect(index.size).toBe(model.size);
        }
      }),
      { numRuns: 300 },
    );
  });
});

// Rising triggers come lowest level first, then falling ones highest first.
function expectNextToFireFirst(fired: Trigger[]): void {
  const rise = fired.filter((t) => t.direction === 'rise').map((t) => dec(t.level));
  const fall = fired.filter((t) => t.direction === 'fall').map((t) => dec(t.level));
  expect(fired.map((t) => t.direction)).toEqual([...rise.map(() => 'rise'), ...fall.map(() => 'fall')]);
  expect(rise).toEqual([...rise].sort((a, b) => a.comparedTo(b)));
  expect(fall).toEqual([...fall].sort((a, b) => b.comparedTo(a)));
}
