import { api, Code } from '@meridian/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, news } from '../src/content/schema';
import { areaCodes } from '../src/db/schema';
import { depositChannels, withdrawCurrencies } from '../src/funding/schema';
import { auditLog, operators } from '../src/operators/schema';
import { seed } from '../src/seed';
import { settings } from '../src/settings/schema';
import { adminCall, operatorToken, trader } from './admin-helpers';
import { startTestApp, type TestApp } from './harness';

/** The pg project runs this suite in production mode: DATABASE_URL set (vitest.config.ts). */
const production = Boolean(process.env.DATABASE_URL);
const ENV_PAY_URL = 'https://pay.example.com/start';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ paymentPageUrl: ENV_PAY_URL });
});
afterAll(() => t?.close());

const rows = async (
  table: typeof depositChannels | typeof withdrawCurrencies | typeof news | typeof companies,
) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;

const depositOptions = async (token: string) =>
  (await t.call('GET', api.chargeInfo.path, { token })).body.data;

describe.skipIf(!production)('a production start (PostgreSQL)', () => {
  it('seeds instruments, area codes, settings and the operator, and nothing invented', async () => {
    expect(t.market.instrumentByCode('EURUSD')).toBeDefined();
    expect((await t.database.db.select({ n: count() }).from(areaCodes))[0]!.n).toBeGreaterThan(200);
    expect((await t.database.db.select({ n: count() }).from(settings))[0]!.n).toBeGreaterThan(10);
    expect((await t.database.db.select({ n: count() }).from(operators))[0]!.n).toBeGreaterThanOrEqual(1);
    expect(await rows(depositChannels)).toBe(0);
    expect(await rows(withdrawCurrencies)).toBe(0);
    // No market news; the platform's own announcements (SPEC.md §1's restricted countries…), dated now.
    const seeded = await t.database.db.select().from(news);
    expect(seeded.map((n) => n.categoryId)).toEqual([2, 2, 2]);
    expect(await rows(companies)).toBe(0);
  });

  it('offers a trader no deposit channel until an operator adds one in the back office', async () => {
    const who = await trader(t, 'prodcash');
    expect(await depositOptions(who.token)).toMatchObject({ coin: [], wire: [] });

    const finance = await operatorToken(t, 'finance');
    const asked = await adminCall(t, 'POST', '/admin/api/deposit-channels', finance.token, {
      kind: 'coin',
      currency_code: 'USDT',
      protocol_code: 'TRC20',
      address: 'TRealReceivingAddress0001',
    });
    // A channel that sends deposits somewhere waits for a second operator.
    expect(asked).toMatchObject({ code: 1, data: { status: 0 } });
    expect((await depositOptions(who.token)).coin).toEqual([]);
    const second = await operatorToken(t, 'finance');
    const approved = await adminCall(t, 'POST', '/admin/api/approvals/approve', second.token, {
      id: asked.data.request_id,
    });
    expect(approved.code).toBe(1);

    expect((await depositOptions(who.token)).coin).toEqual([
      {
        id: approved.data.outcome.id,
        currency_code: 'USDT',
        protocol_code: 'TRC20',
        address: 'TRealReceivingAddress0001',
        demo: false,
      },
    ]);
  });
});

describe.skipIf(production)('the embedded demo', () => {
  it('marks every seeded deposit channel demo, to the trader and in the back office', async () => {
    const who = await trader(t, 'democash');
    const options = await depositOptions(who.token);
    expect(options.coin.length + options.wire.length).toBe(5);
    for (const channel of [...options.coin, ...options.wire]) expect(channel.demo).toBe(true);
    const finance = await operatorToken(t, 'finance');
    const listed = (await adminCall(t, 'GET', '/admin/api/deposit-channels', finance.token)).data;
    expect(listed.every((c: { demo: boolean }) => c.demo)).toBe(true);
  });

  it('keeps the mark through a sort, and drops it once an operator gives the channel a real address', async () => {
    const finance = await operatorToken(t, 'finance');
    const [first, other] = (await adminCall(t, 'GET', '/admin/api/deposit-channels', finance.token)).data;
    const sorted = await adminCall(t, 'POST', '/admin/api/deposit-channels', finance.token, {
      ...other,
      sort: 9,
    });
    expect(sorted.data).toMatchObject({ id: other.id, sort: 9, demo: true });
    const asked = await adminCall(t, 'POST', '/admin/api/deposit-channels', finance.token, {
      ...first,
      address: 'TRealReceivingAddress0002',
    });
    const approver = await operatorToken(t, 'finance');
    const approved = await adminCall(t, 'POST', '/admin/api/approvals/approve', approver.token, {
      id: asked.data.request_id,
    });
    expect(approved.data.outcome).toMatchObject({ id: first.id, demo: false });
  });
});

describe('the payment page', () => {
  const save = (token: string, payment_page_url: string, lang = 'en') =>
    t.http
      .inject({
        method: 'POST',
        url: '/admin/api/settings',
        headers: { authorization: token, lang },
        payload: { payment_page_url },
      })
      .then((res) => res.json());
  const audits = async () =>
    (
      await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'settings.update'))
    )[0]!.n;

  it('starts from PAYMENT_PAGE_URL, which a later start never writes over', async () => {
    const who = await trader(t, 'paypage1');
    expect((await depositOptions(who.token)).pay_url).toBe(ENV_PAY_URL);
    await seed(t.database.db, { ...t.config, paymentPageUrl: 'https://elsewhere.example.com/' });
    expect((await depositOptions(who.token)).pay_url).toBe(ENV_PAY_URL);
  });

  /** An admin asks for `url`; another operator approves it. */
  async function changed(url: string) {
    const admin = await operatorToken(t, 'admin');
    const asked = await save(admin.token, url);
    expect(asked).toMatchObject({ code: 1, data: { request_id: expect.any(Number) } });
    const approver = await operatorToken(t, 'finance');
    const approved = await adminCall(t, 'POST', '/admin/api/approvals/approve', approver.token, {
      id: asked.data.request_id,
    });
    expect(approved.code).toBe(1);
    return { admin, approver, asked };
  }

  it('is set by an admin and a second operator (four eyes), audited, and pay_url follows; empty hides it', async () => {
    const who = await trader(t, 'paypage2');
    const admin = await operatorToken(t, 'admin');
    const asked = await save(admin.token, 'https://pay.broker.example/deposit?ref=app');
    // Deposits would go somewhere new: nothing changes until another operator approves.
    expect(asked.data.payment_page_url).toBe(ENV_PAY_URL);
    expect((await depositOptions(who.token)).pay_url).toBe(ENV_PAY_URL);
    expect(
      (await adminCall(t, 'POST', '/admin/api/approvals/approve', admin.token, { id: asked.data.request_id }))
        .code,
    ).toBe(Code.REFUSED);
    const approver = await operatorToken(t, 'finance');
    await adminCall(t, 'POST', '/admin/api/approvals/approve', approver.token, { id: asked.data.request_id });
    expect((await depositOptions(who.token)).pay_url).toBe('https://pay.broker.example/deposit?ref=app');
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.operatorId, approver.id));
    expect(row).toMatchObject({
      action: 'settings.update',
      before: { payment_page_url: ENV_PAY_URL },
      after: { payment_page_url: 'https://pay.broker.example/deposit?ref=app' },
    });

    await changed('');
    expect((await depositOptions(who.token)).pay_url).toBe('');
  });

  it('refuses http:// and junk with a message in the operator’s language, and changes nothing', async () => {
    const { admin } = await changed('https://pay.broker.example/ok');
    const who = await trader(t, 'paypage3');
    const before = await audits();
    for (const junk of [
      'http://pay.broker.example/',
      'pay.broker.example',
      'javascript:alert(1)',
      'https://',
    ]) {
      expect(await save(admin.token, junk)).toMatchObject({
        code: Code.INVALID_INPUT,
        msg: 'Invalid value for payment_page_url',
      });
    }
    expect(await save(admin.token, 'http://pay.broker.example/', 'de')).toMatchObject({
      code: Code.INVALID_INPUT,
      msg: 'Bitte prüfen Sie payment_page_url',
    });
    expect((await depositOptions(who.token)).pay_url).toBe('https://pay.broker.example/ok');
    expect(await audits()).toBe(before);
  });
});

describe('the price source', () => {
  it('tells the app its prices are simulated when they come from the simulator', async () => {
    expect((await t.call('GET', api.basicInfo.path)).body.data.price_source).toBe('simulated');
  });

  it('and external when they come from a real feed', async () => {
    const external = await startTestApp({ feed: 'external', feedUrls: ['wss://feed.example.com/'] });
    try {
      expect((await external.call('GET', api.basicInfo.path)).body.data.price_source).toBe('external');
    } finally {
      await external.close();
    }
  });
});
