import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../src/ledger/post';
import { reconcile } from '../../src/ledger/reconcile';
import { ledgerEntries } from '../../src/ledger/schema';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

const issuesOf = async (userId: number) =>
  (await reconcile(t.database.db)).issues.filter((i) => i.user_id === userId);

// Issue 18, "Prove it": the reconcile report checks each order against its ledger rows, the balance-after
// chain, and that protection only follows a flat account with negative equity.
describe('reconcile after a day of gold trading', () => {
  it('finds nothing wrong with orders closed, cancelled, filled past their target and protected', async () => {
    const { id: userId, token } = await d.trader('1000');
    d.tick('XAUUSD', '2000.00');
    await d.submit(token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('XAUUSD'),
      multiple: 100,
      status: 0,
      target_price: '2010.00',
    });
    const cancelled = await d.submit(token, {
      type: 2,
      cont: '0.1',
      forex_id: d.id('XAUUSD'),
      multiple: 100,
      status: 0,
      target_price: '2100.00',
    });
    await d.cancel(token, cancelled.data.Id);
    d.tick('XAUUSD', '2030.00');
    // The buy stop fills at the live price when its execution runs: let it run before gold moves on.
    await d.settled();
    const held = await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('XAUUSD'), multiple: 100 });
    await d.close(token, held.data.Id);
    d.tick('XAUUSD', '1900.00');
    await d.settled();
    expect((await d.ledger(userId)).map((r) => r.type)).toContain('negative_balance_protection');
    expect(await issuesOf(userId)).toEqual([]);
  });

  it('lists a missing settlement, a broken balance-after chain and a top-up given while a position was open', async () => {
    const { id: userId, token } = await d.trader('1000');
    d.tick('XAUUSD', '2000.00');
    const first = await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('XAUUSD'), multiple: 100 });
    const second = await d.submit(token, { type: 1, cont: '0.1', forex_id: d.id('XAUUSD'), multiple: 100 });
    await d.close(token, first.data.Id);
    const db = t.database.db;
    await db
      .delete(ledgerEntries)
      .where(sql`${ledgerEntries.refId} = ${first.data.Id} and ${ledgerEntries.type} = 'trade_settle'`);
    const [fee] = await db
      .select()
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.refId} = ${second.data.Id} and ${ledgerEntries.type} = 'trade_fee'`);
    await db.update(ledgerEntries).set({ balanceAfter: '1' }).where(eq(ledgerEntries.id, fee!.id));
    // As the old code did: a top-up after one leg, with the other still open.
    await db.transaction((tx) =>
      post(tx, { userId, account: 'balance', type: 'negative_balance_protection', amount: '5' }),
    );
    const issues = await issuesOf(userId);
    expect(issues.map((i) => [i.kind, i.ref])).toEqual([
      ['order_rows', `order ${first.data.Id}`],
      ['balance_after', `ledger row ${fee!.id}`],
      ['balance_after', expect.stringMatching(/^ledger row \d+$/)],
      ['protection', expect.stringMatching(/^ledger row \d+$/)],
    ]);
    expect(issues[0]!.detail).toContain('0 settlement(s)');
    // Both: the second is held, and the first has lost the row that settled it.
    expect(issues.at(-1)!.detail).toContain('2 order(s) were still open');
  });
});
