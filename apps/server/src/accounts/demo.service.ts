import { dec, toFixed } from '@meridian/core';
import type { Tx } from '../db/client';
import { refuse } from '../http/errors';
import { said } from '../http/route';
import { createSession, hashToken, type User } from '../http/sessions';
import { lockAccount, post } from '../ledger';
import { readSettings } from '../settings';
import type { AccountsContext, Caller } from './context';
import { createUser } from './new-user';
import { userView } from './user-view';
import { findDemo } from './users.repo';

/** The operators' demo_initial_balance setting when set, else DEMO_INITIAL_BALANCE. */
async function startingBalance({ config }: AccountsContext, tx: Tx): Promise<string> {
  return (await readSettings(tx)).demo_initial_balance || config.demoInitialBalance;
}

/**
 * Funding is typed 'demo_reset', not 'deposit': the money is play money, and deposit totals and
 * reports must never count it. Creation is the account's first reset to the starting balance.
 */
async function createDemo(ctx: AccountsContext, tx: Tx, demoId: string): Promise<User> {
  const found = () => findDemo(tx, demoId);
  const created = await createUser(tx, { loginType: 'demo', isDemo: true, demoId }, async () =>
    Boolean(await found()),
  );
  // Another request created it a moment ago; its transaction has committed.
  if (!created) return (await found())!;
  const balance = await post(tx, {
    userId: created.id,
    account: 'balance',
    type: 'demo_reset',
    amount: await startingBalance(ctx, tx),
    refType: 'demo',
  });
  return { ...created, balance };
}

/**
 * The device's demo account, created and funded on first use; the same uuid always gives the same account.
 * The id is a bearer secret (whoever has it has the account): only its hash is stored.
 */
export async function demoSession(ctx: AccountsContext, demoId: string, caller: Caller) {
  const key = hashToken(demoId);
  const user = (await findDemo(ctx.db, key)) ?? (await ctx.db.transaction((tx) => createDemo(ctx, tx, key)));
  if (user.disabled) throw refuse('account_disabled');
  const token = await createSession(ctx.db, user.id, caller);
  return { token, user: userView(user) };
}

/** TRADING.md "Funding": orders closed (by the hook) and the balance set back, in one transaction. */
export async function resetDemo(ctx: AccountsContext, user: User) {
  if (!user.isDemo) throw refuse('demo_only');
  const { balance, afterCommit } = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, user.id);
    const afterCommit = await ctx.onDemoReset?.(tx, user.id);
    const current = await lockAccount(tx, user.id);
    const balance = await post(tx, {
      userId: user.id,
      account: 'balance',
      type: 'demo_reset',
      amount: dec(await startingBalance(ctx, tx))
        .minus(current.balance)
        .toFixed(),
      refType: 'demo',
    });
    return { balance, afterCommit };
  });
  afterCommit?.();
  return said({ balance: toFixed(balance, 2) }, 'demo_reset_done');
}
