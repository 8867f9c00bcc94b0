import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  openScriptedMarket,
  phone,
  pricedAt,
  type RunningServer,
  traderApi,
} from './harness';

// Issue 51.5: words as a trader writes them. Counts follow each language's plural rules (1 lot, 2 lots in
// English; Chinese has one form), and simplified Chinese (cn) stands beside the traditional (hk).

let server: RunningServer;
let browser: Browser;
let feed: ScriptedFeed;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

const within = { timeout: 15_000 };

/** A demo account (as "Try a demo account" gives it) holding Bitcoin buys of 1 and of 2 lots at 1:20. */
async function demoWithOneAndTwoLots() {
  await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
  const { context, page, errors } = await phone(browser);
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Try a demo account' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  const token: string = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).state.token);
  const list: { Id: number; Code: string }[] = await traderApi(server, '/v1/api/forex/trade_list');
  const forexId = String(list.find((i) => i.Code === 'BTCUSD')!.Id);
  for (const lots of ['1', '2'])
    await traderApi(server, '/v1/api/forex/submit', {
      token,
      query: { type: '1', cont: lots, forex_id: forexId, multiple: '20', status: '1' },
    });
  return { context, page, errors };
}

/** The lots-and-leverage line of each Bitcoin position on the Orders screen, in the order shown. */
const lotLines = (page: Awaited<ReturnType<typeof demoWithOneAndTwoLots>>['page']) =>
  page
    .locator('.order-row', { hasText: /Bitcoin|比特币/ })
    .locator('.order-row__head .num')
    .allTextContents();

describe('words a trader reads', () => {
  it('counts lots as English does: 1 lot, 2 lots', async () => {
    const { context, page, errors } = await demoWithOneAndTwoLots();
    await page.locator('.tab-bar').getByText('Orders', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/order');
    await expect
      .poll(async () => (await lotLines(page)).sort(), within)
      .toEqual(['1 lot · 1:20', '2 lots · 1:20']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('speaks simplified Chinese for ?lang=cn: the tabs, the document language, instrument names and lot counts', async () => {
    const { context, page, errors } = await demoWithOneAndTwoLots();
    await page.goto(`${server.url}/order?lang=cn`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans-CN');
    const tabs = page.locator('.tab-bar');
    await expect.poll(() => tabs.textContent(), within).toContain('订单');
    expect(await tabs.textContent()).not.toContain('訂單');
    // Chinese has one plural form (other): a count of 1 reads as any other, not as English's "one".
    await expect
      .poll(async () => (await lotLines(page)).sort(), within)
      .toEqual(['1 手 · 1:20', '2 手 · 1:20']);
    expect(await page.locator('.order-row').first().textContent()).toContain('比特币');
    // The server answers in simplified Chinese too.
    const categories: { NameShowTrans: string }[] = await (
      await fetch(`${server.url}/v1/api/forex/getCategories`, { headers: { lang: 'cn' } })
    )
      .json()
      .then((e) => e.data);
    expect(categories.map((c) => c.NameShowTrans)).toContain('外汇');
    expect(errors).toEqual([]);
    await context.close();
  });
});
