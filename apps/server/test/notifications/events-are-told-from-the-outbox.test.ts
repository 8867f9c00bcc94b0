import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@meridian/contract';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, testConfig } from '../../src/config';
import { endCopyTradingOf } from '../../src/copying/service';
import { openDatabase } from '../../src/db/client';
import { approveDeposit, rejectDeposit } from '../../src/funding/deposits.service';
import { outboxEvents } from '../../src/outbox/schema';
import { operatorToken } from '../admin-helpers';
import { addDemoFunding } from '../demo-data';
import { type Desk, desk, type Trader } from '../desk';
import { PNG, upload } from '../funding-fixtures';
import { manualClock, startTestNode, type TestApp, throwawayDatabase } from '../harness';

const clock = manualClock();
const logged: { msg: string }[] = [];
const logTo = { write: (line: string) => void logged.push(JSON.parse(line)) };
let config: Config;
let dropDatabase = async () => {};
let t: TestApp;
let d: Desk;

/** Starts the node, which leads: its relay's first pass hands over what was emitted while none ran. */
async function start() {
  t = await startTestNode(config, { clock, logTo });
  d = desk(t);
}

beforeAll(async () => {
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'meridian-uploads-'));
  const database = await throwawayDatabase(testConfig({ uploadDir, logLevel: 'error' }));
  config = database.config;
  dropDatabase = database.drop;
  await start();
  await addDemoFunding(t);
  d.tick('EURUSD', '1.10000');
  d.tick('XAUUSD', '2000.00');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await dropDatabase();
});

const inbox = async (who: Trader) =>
  (await t.call('GET', api.notificationList.path, { token: who.token })).body.data as {
    total: number;
    data: { kind: string; text: string }[];
  };
const post = async (token: string, url: string, form: Record<string, string | number>) =>
  (await t.call('POST', url, { token, form })).body;

/** A deposit of 100 USD the trader asked for, waiting for review. */
async function pendingDeposit(who: Trader): Promise<number> {
  const proof = (await upload(t, who.token, PNG)).data!.url;
  const info = (await t.call('GET', '/api/quickCharge/info', { token: who.token })).body.data;
  const query = { number: '100', proofImg: proof, address: info.coin[0].address, charge_id: info.coin[0].id };
  const submitted = (await t.call('GET', '/api/quickCharge/submit', { token: who.token, query })).body;
  expect(submitted.code).toBe(1);
  return submitted.data.id;
}

/** A provider who opted in, and a follower copying them with `allocation` and a loss limit of `stop` %. */
async function copying(allocation: string, stop = '50') {
  const provider = await d.trader('10000');
  const follower = await d.trader('5000');
  expect((await post(provider.token, api.followOptIn.path, { on: 1 })).code).toBe(1);
  const started = await post(follower.token, api.copyStart.path, {
    provider_id: provider.id,
    allocation,
    stop_percent: stop,
  });
  expect(started.code).toBe(1);
  return { provider, follower, copyId: started.data.id as number };
}

/** Lets the copier take what the bus gave it, then sweep. */
async function copied() {
  await t.copier.settled();
  await t.copier.sweep();
}

/** Makes the database refuse every row inserted into `table`, until the function it returns is called. */
async function refuseInserts(table: string) {
  const db = t.database.db;
  await db.execute(
    sql.raw(
      "create or replace function refuse_insert() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$",
    ),
  );
  await db.execute(
    sql.raw(
      `create trigger refuse_insert before insert on ${table} for each row execute function refuse_insert()`,
    ),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger refuse_insert on ${table}`));
  };
}

const eventsAbout = (request: string, id: number) =>
  t.database.db
    .select()
    .from(outboxEvents)
    .where(
      sql`${outboxEvents.payload}->>'request' = ${request} and (${outboxEvents.payload}->>'id')::int = ${id}`,
    );

describe('funding reviews and copy trading events (issue 48: every notice comes from an event)', () => {
  it('are each told once, with the texts they had', async () => {
    const who = await d.trader('1000');
    const finance = await operatorToken(t, 'finance');
    await approveDeposit(t.database.db, finance.id, await pendingDeposit(who), new Date(t.clock.now()));
    const paid = await d.withdraw(who.token, '100');
    expect(paid.code).toBe(1);
    await d.payWithdrawal(paid.data.id);

    // The platform returns a withdrawal to pay a loss (trading/negative-balance.ts): its reason is its own.
    const loser = await d.trader('1000');
    d.tick('XAUUSD', '2000.00');
    const gold = await d.submit(loser.token, {
      type: 1,
      cont: '0.1',
      forex_id: d.id('XAUUSD'),
      multiple: 100,
    });
    expect(gold.code).toBe(1);
    d.tick('XAUUSD', '2010.00');
    expect((await d.withdraw(loser.token, '799.38')).code).toBe(1);
    d.tick('XAUUSD', '1900.00');
    await d.settled();
    d.tick('XAUUSD', '2000.00');

    // Too small to copy, then stopped by its follower (nothing to tell), and another whose provider leaves.
    const small = await copying('10');
    await d.submit(small.provider.token, { type: 2, cont: '1', forex_id: d.id('EURUSD'), multiple: 100 });
    await copied();
    expect((await post(small.follower.token, api.copyStop.path, { id: small.copyId })).code).toBe(1);
    const left = await copying('2500');
    await post(left.provider.token, api.followOptIn.path, { on: 0 });

    await t.notices.settled();
    await t.notices.settled();
    expect((await inbox(who)).data.map((n) => n.text)).toEqual([
      'Your withdrawal of 100.00 USD was paid',
      'Your deposit of 100.00 USD was approved and credited',
    ]);
    const lossTold = (await inbox(loser)).data;
    expect(lossTold.filter((n) => n.kind === 'withdrawal_refused').map((n) => n.text)).toEqual([
      'Your withdrawal of 799.38 USD was refused and returned to your balance: Returned to cover a trading loss',
    ]);
    expect(lossTold.map((n) => n.kind)).toContain('stop_out');
    expect((await inbox(small.follower)).data).toMatchObject([
      {
        kind: 'copy_failed',
        text: 'A EUR/USD trade from a provider you copy could not be copied: Too small to copy: the scaled volume is below the minimum of 0.01 lots',
      },
    ]);
    expect((await inbox(left.follower)).data).toMatchObject([
      {
        kind: 'copy_stopped',
        text: 'A provider you copy has left the leaderboard: copying stopped and your positions stay open',
      },
    ]);
  });
});

describe('the outbox (issue 50: events that cannot be lost)', () => {
  it('keeps an event whose handler failed for a later pass, after a delay, which tells it once', async () => {
    const who = await d.trader('1000');
    const finance = await operatorToken(t, 'finance');
    const id = await pendingDeposit(who);
    const allow = await refuseInserts('notifications');
    try {
      await rejectDeposit(t.database.db, finance.id, id, 'Proof unreadable', new Date(t.clock.now()));
      await t.notices.settled();
    } finally {
      await allow();
    }
    expect((await inbox(who)).total).toBe(0);
    expect((await eventsAbout('deposit', id)).map((e) => e.deliveredAt)).toEqual([null]);
    expect(logged.map((l) => l.msg)).toContainEqual(
      expect.stringMatching(
        /^outbox event \d+ \(funding\.reviewed\) failed 1 time\(s\): tried again in 1000 ms$/,
      ),
    );
    // Not again at once: a handler that keeps failing is not run in a loop.
    await t.notices.settled();
    expect((await inbox(who)).total).toBe(0);

    clock.set(clock.now() + 1_000);
    await t.notices.settled();
    await t.notices.settled();
    const page = await inbox(who);
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      kind: 'deposit_refused',
      text: 'Your deposit of 100.00 USD was refused: Proof unreadable',
    });
    expect((await eventsAbout('deposit', id))[0]!.deliveredAt).not.toBeNull();
  });

  it('tells nothing of an event whose transaction rolled back', async () => {
    const who = await d.trader('1000');
    const finance = await operatorToken(t, 'finance');
    const id = await pendingDeposit(who);
    // The approval writes its review and its event, then fails on its ledger row: all of it is undone.
    const allow = await refuseInserts('ledger_entries');
    try {
      await expect(approveDeposit(t.database.db, finance.id, id, new Date(t.clock.now()))).rejects.toThrow();
    } finally {
      await allow();
    }
    await t.notices.settled();
    expect((await inbox(who)).total).toBe(0);
    expect(await eventsAbout('deposit', id)).toEqual([]);

    await approveDeposit(t.database.db, finance.id, id, new Date(t.clock.now()));
    await t.notices.settled();
    expect((await inbox(who)).data.map((n) => n.kind)).toEqual(['deposit_approved']);
  });

  it('tells what was emitted while no node led once one leads again, a day and more later', async () => {
    const who = await d.trader('1000');
    const finance = await operatorToken(t, 'finance');
    const id = await pendingDeposit(who);
    const { provider, follower, copyId } = await copying('2500');
    await t.close();

    // No node runs: the operator's review and the provider's disabling are made on the database itself.
    const database = await openDatabase(config, 'test');
    try {
      await rejectDeposit(database.db, finance.id, id, 'Proof unreadable', new Date(clock.now()));
      await database.db.transaction((tx) => endCopyTradingOf(tx, provider.id, new Date(clock.now())));
    } finally {
      await database.close();
    }
    clock.set(clock.now() + 25 * 60 * 60_000);
    await start();
    await t.notices.settled();

    expect((await inbox(who)).data).toMatchObject([
      { kind: 'deposit_refused', text: 'Your deposit of 100.00 USD was refused: Proof unreadable' },
    ]);
    expect((await inbox(follower)).data).toMatchObject([{ kind: 'copy_stopped' }]);
    expect(
      (await t.call('GET', api.copyDetail.path, { token: follower.token, query: { id: copyId } })).body.data,
    ).toMatchObject({ stop_reason: 'provider_left' });
  });
});

describe('delivered events', () => {
  it('are deleted by the leader three days after delivery', async () => {
    const db = t.database.db;
    const [old, recent] = await db
      .insert(outboxEvents)
      .values([
        { topic: 'test.old', payload: {}, deliveredAt: sql`now() - interval '3 days 1 minute'` },
        { topic: 'test.recent', payload: {}, deliveredAt: sql`now() - interval '2 days'` },
      ])
      .returning();
    await t.relay.clean();
    const left = await db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(inArray(outboxEvents.id, [old!.id, recent!.id]));
    expect(left).toEqual([{ id: recent!.id }]);
  });
});
