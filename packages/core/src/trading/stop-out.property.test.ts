import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../decimal';
import { accountFigures, isStopOut } from './account';
import { settleClose } from './settle';
import { stopOutSequence } from './stopOut';
import { decimalText, signedDecimalText } from './test/fixtures';

const positionsArb = fc
  .array(
    fc.record({ margin: decimalText(5000, 2).filter((m) => m !== '0'), pnl: signedDecimalText(8000, 2) }),
    {
      maxLength: 8,
    },
  )
  .map((positions) => positions.map((p, id) => ({ id, ...p })));

describe('stop-out', () => {
  it('closes largest loss first, stops as soon as the risk rate is above the level, or closes all', () => {
    fc.assert(
      fc.property(
        decimalText(10000, 2),
        positionsArb,
        fc.constantFrom('50', '30', '100'),
        fc.boolean(),
        (balance, positions, level, negativeBalanceProtection) => {
          const closed = stopOutSequence(balance, positions, { level, negativeBalanceProtection });

          const pnlOf = (id: number) => dec(positions[id]!.pnl);
          const open = positions.filter((p) => !closed.includes(p.id));
          // Largest loss first: closed P&Ls ascend, and none left open lost more than one closed.
          expect(closed).toEqual([...closed].sort((a, b) => pnlOf(a).comparedTo(pnlOf(b)) || a - b));
          for (const id of closed) for (const p of open) expect(pnlOf(id).lte(p.pnl)).toBe(true);

          // Replaying the closes: each was needed, and the account ends above the level or flat.
          let cash = dec(balance);
          let remaining = [...positions];
          for (const id of closed) {
            expect(isStopOut(accountFigures(cash, remaining).riskRate, level)).toBe(true);
            cash = settleClose(cash, positions[id]!, negativeBalanceProtection).balanceAfter;
            remaining = remaining.filter((p) => p.id !== id);
          }
          if (remaining.length > 0) {
            expect(isStopOut(accountFigures(cash, remaining).riskRate, level)).toBe(false);
          }
          if (negativeBalanceProtection && dec(balance).gte(0)) expect(cash.gte(0)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
