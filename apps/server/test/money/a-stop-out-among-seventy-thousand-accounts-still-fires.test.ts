import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';
import { copyPosition } from '../positions';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

const ACCOUNTS = 70_000;

// Issue 50: the sweep read every due account's balance in one statement, which takes at most 65,535
// parameters: past that many accounts due at once (a new leader's first sweep) it failed, again and again.
describe(`a gold buy falling to its stop-out while ${ACCOUNTS.toLocaleString('en')} other accounts hold gold`, () => {
  it('is stopped out', async () => {
    const { id: userId, token } = await d.trader('1000');
    d.tick('XAUUSD', '2000.00');
    const buy = await d.submit(token, { type: 1, cont: '0.4', forex_id: d.id('XAUUSD'), multiple: 100 });
    expect(buy.code).toBe(1);
    // Rows, not trades: accounts holding a copy of the position, for the engine to follow.
    const db = t.database.db;
    await db.execute(sql`
      insert into users (uid, login_type, email, invite_code, balance)
      select 'many' || g, 'email', 'many' || g || '@example.com', 'many' || g, 1000000
      from generate_series(1, ${ACCOUNTS}) g`);
    const many = await db.execute(sql`select id from users where uid like 'many%'`);
    const userIds = (many as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
    await copyPosition(db, { orderId: buy.data.Id, userIds });
    // A leader taking over: every account it follows is due.
    await t.engine.resync();

    d.tick('XAUUSD', '1985.00');
    await d.settled();
    await d.settled();
    expect(await d.order(buy.data.Id)).toMatchObject({ status: 3, closeReason: 'stop_out' });
    await d.expectBalanced(userId);
  }, 120_000);
});
