import { api, Code } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createSession } from '../src/http/sessions';
import { post } from '../src/ledger/post';
import { startTestApp, type TestApp } from './harness';

/** Wednesday 10:00 in New York: Apple trades (1 to 1,000 whole lots), as EUR/USD does (0.01 to 50). */
const NEW_YORK_MORNING = Date.parse('2026-11-18T15:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { at: NEW_YORK_MORNING });
});
afterAll(() => t?.close());

async function trader() {
  const tag = `p${Math.random().toString(36).slice(2, 10)}`;
  const [user] = await t.database.db
    .insert(users)
    .values({ uid: tag, loginType: 'email', email: `${tag}@example.com`, inviteCode: tag })
    .returning();
  await t.database.db.transaction((tx) =>
    post(tx, { userId: user!.id, account: 'balance', type: 'deposit', amount: '100000' }),
  );
  return createSession(t.database.db, user!.id);
}

const id = (code: string) => t.market.instrumentByCode(code)!.id;
/** The msg of an order of `cont` lots of `code` in `lang`, refused. */
async function refusal(token: string, lang: string, code: string, cont: string): Promise<string> {
  const res = await t.call('GET', api.submitOrder.path, {
    token,
    lang,
    query: {
      type: 1,
      cont,
      forex_id: id(code),
      multiple: 1,
      status: 1,
      stop_loss_price: 0,
      target_profit_price: 0,
    },
  });
  expect(res.body.code, `${lang} ${code} ${cont}`).toBe(Code.REFUSED);
  // Intl's spaces (Russian groups with a no-break one) as plain spaces.
  return (res.body.msg as string).replace(/[\u00a0\u202f]/g, ' ');
}

describe('order refusals count their lots and write their figures as the language does', () => {
  it('says 1 lot, 1,000 lots, 1.000 Lots, 1 000 лотов and 50 لوتًا', async () => {
    t.clock.set(NEW_YORK_MORNING + 1000);
    expect(t.quote('AAPL', '230.00')).toBe(true);
    expect(t.quote('EURUSD', '1.10000')).toBe(true);
    const token = await trader();
    expect(await refusal(token, 'en', 'AAPL', '1.5')).toBe('The volume must be a multiple of 1 lot');
    expect(await refusal(token, 'en', 'AAPL', '1001')).toBe('The maximum volume is 1,000 lots');
    expect(await refusal(token, 'de', 'AAPL', '1001')).toBe('Das Maximum beträgt 1.000 Lots');
    expect(await refusal(token, 'ru', 'AAPL', '1001')).toBe('Максимальный объём — 1 000 лотов');
    expect(await refusal(token, 'ru', 'EURUSD', '0.015')).toBe('Количество лотов должно быть кратно 0,01');
    expect(await refusal(token, 'ar', 'EURUSD', '60')).toBe('الحد الأقصى 50 لوتًا');
    expect(await refusal(token, 'fr', 'AAPL', '1001')).toBe('Le maximum est de 1 000 lots');
  });
});
