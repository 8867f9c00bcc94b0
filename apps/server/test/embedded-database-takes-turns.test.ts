import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

type Rows = { rows: { n: number }[] };

// The embedded database only (db/client.ts `takingTurns`): PostgreSQL answers over sockets of its own.
describe.runIf(!process.env.DATABASE_URL)('the embedded database under load', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('answers queries that wait for it first come first served, the event loop turning between them', async () => {
    // Counts the event loop's turns while the queries wait: each answer notes the turn it arrived in.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const answered: number[] = [];
    const turnOfEach = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        t.database.db.execute(sql`select ${n}::int as n`).then((result) => {
          answered.push((result as unknown as Rows).rows[0]!.n);
          return turns;
        }),
      ),
    );
    counting = false;
    expect(answered).toEqual([1, 2, 3, 4, 5]);
    // Before, all five ran back to back in one turn, sockets and timers waiting behind them.
    expect(new Set(turnOfEach).size).toBe(5);
  });

  it('keeps a transaction whole: a query asked for meanwhile runs after its commit', async () => {
    const db = t.database.db;
    await db.execute(sql`create temporary table turns (n int)`);
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`insert into turns values (1)`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.execute(sql`insert into turns values (2)`);
    });
    const meanwhile = db.execute(sql`select count(*)::int as n from turns`);
    await transaction;
    expect(((await meanwhile) as unknown as Rows).rows[0]!.n).toBe(2);
  });
});
