import { dec } from '@meridian/core';
import { postAll } from '../ledger';
import type { PendingWithdrawals } from '../trading';
import { pendingWithdrawalsOf, returnWithdrawal } from './withdrawals.repo';

/** Withdrawals waiting for review, for negative balance protection: it returns them to pay a trading loss. */
export const pendingWithdrawals: PendingWithdrawals = {
  of: async (tx, userId) =>
    (await pendingWithdrawalsOf(tx, userId)).map(({ id, amount }) => ({ id, amount })),

  async giveBack(tx, userId, withdrawalId, now) {
    const row = await returnWithdrawal(tx, withdrawalId, now);
    if (!row) throw new Error(`withdrawal ${withdrawalId} changed under the account lock`);
    const ref = { type: 'withdraw_unlock', refType: 'withdrawal', refId: row.id } as const;
    await postAll(tx, userId, 'balance', [{ ...ref, amount: dec(row.amount).toFixed() }]);
    await postAll(tx, userId, 'lock', [{ ...ref, amount: dec(row.amount).neg().toFixed() }]);
  },
};
