import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

// Found in review (issue 46): a fill read its pending order before the account's lock; a cancel that committed in
// between left the fill's update with no row, and it posted the gap's margin difference all the same.
// Only PostgreSQL runs transactions side by side; PGlite takes them in turn.
describe.skipIf(!process.env.DATABASE_URL)('a EURUSD buy limit the trader cancels as a gap fills it', () => {
  it('is cancelled once, refunded once, and the fill that lost moves no money', async () => {
    const { id: userId, token } = await d.trader('1000');
    d.tick('EURUSD', '1.10000');
    const limit = await d.submit(token, {
      type: 1,
      cont: '0.01',
      forex_id: d.id('EURUSD'),
      multiple: 100,
      status: 0,
      target_price: '1.09000',
    });
    expect(limit.code).toBe(1);
    // Someone else holds the account's row: the cancel and then the fill queue behind it.
    let release!: () => void;
    let locked!: () => void;
    const held = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const blocker = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${userId} for update`);
      locked();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await held;
    const cancelling = t.trading.cancel(userId, limit.data.Id);
    await d.untilWaitingOnLocks(1);
    // The gap: 1.08000 crosses the target; the fill reads the order as pending, then waits for the account.
    d.tick('EURUSD', '1.08000');
    await d.untilWaitingOnLocks(2);
    release();
    await blocker;
    expect((await cancelling).status).toBe(4);
    await t.engine.idle();
    expect((await d.order(limit.data.Id)).status).toBe(4);
    expect((await d.account(userId)).balance.toFixed()).toBe('1000');
    await d.expectBalanced(userId);
  });
});
