import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../decimal';
import { accountFigures, isStopOut } from './account';
import { closingAmount } from './settle';
import { stopOutPlan } from './stopOut';
import { decimalText, signedDecimalText } from './test/fixtures';

const positionsArb = fc
  .array(
    fc.record({
      margin: decimalText(5000, 2).filter((m) => m !== '0'),
      pnl: signedDecimalText(8000, 2),
      closable: fc.boolean(),
    }),
    { maxLength: 8 },
  )
  .map((positions) => positions.map((p, id) => ({ id, ...p })));

describe('stop-out', () => {
  it('closes live positions largest loss first, stops as soon as the risk rate is above the level, and says when it could not', () => {
    fc.assert(
      fc.property(
        decimalText(10000, 2),
        positionsArb,
        fc.constantFrom('50', '30', '100'),
        (balance, positions, level) => {
          const { close, blocked } = stopOutPlan(balance, positions, { level });

          const pnlOf = (id: number) => dec(positions[id]!.pnl);
          const open = positions.filter((p) => !close.includes(p.id));
          // Never a position without a live price; largest loss first among the others.
          for (const id of close) expect(positions[id]!.closable).toBe(true);
          expect(close).toEqual([...close].sort((a, b) => pnlOf(a).comparedTo(pnlOf(b)) || a - b));
          for (const id of close)
            for (const p of open) if (p.closable) expect(pnlOf(id).lte(p.pnl)).toBe(true);

          // Replaying the closes: each was needed; the account ends above the level, flat, or blocked.
          let cash = dec(balance);
          let remaining = [...positions];
          for (const id of close) {
            expect(isStopOut(accountFigures(cash, remaining).riskRate, level)).toBe(true);
            cash = cash.plus(closingAmount(positions[id]!.margin, positions[id]!.pnl));
            remaining = remaining.filter((p) => p.id !== id);
          }
          const stillAtRisk = isStopOut(accountFigures(cash, remaining).riskRate, level);
          expect(blocked).toBe(stillAtRisk);
          if (blocked) expect(remaining.every((p) => !p.closable)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
