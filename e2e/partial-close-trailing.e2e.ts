import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  demoOnTrade,
  openScriptedMarket,
  phone,
  pricedAt,
  type RunningServer,
  traderApi,
} from './harness';

/** Bitcoin trades every day, at scripted prices. */
let feed: ScriptedFeed;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

const within = { timeout: 15_000 };
const tokenOf = (page: Page): Promise<string> =>
  page.evaluate(() => JSON.parse(localStorage.getItem('user')!).state.token);
const holding = async (token: string) =>
  (await traderApi(server, '/v1/api/forex/my_deal', { token, query: { status: '1' } })).data;

// Each scene may take two minutes: on a loaded machine the first one has taken over one.
describe('closing half of a Bitcoin buy from its detail, and a trailing stop that follows the price', () => {
  it('closes 50 % after showing what that part realises, keeps the rest open, and lists the part in history', async () => {
    await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
    const { context, page, errors } = await phone(browser);
    await demoOnTrade(page, server, 'Bitcoin', '95952.00');
    const token = await tokenOf(page);
    const btc = (await traderApi(server, '/v1/api/forex/search', { query: { name: 'BTCUSD' } }))[0];
    await traderApi(server, '/v1/api/forex/submit', {
      token,
      query: { type: '1', cont: '0.1', forex_id: String(btc.Id), multiple: '10', status: '1' },
    });
    feed.move('BTCUSD', '97000.00');

    await page.getByText('Orders', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/order');
    await page.locator('.order-row', { hasText: 'Bitcoin' }).first().click();
    await page.getByRole('button', { name: 'Close part' }).click();
    const sheet = page.getByRole('dialog', { name: 'Close part of the position' });
    // Half is offered first; the P&L of that part at the live price is shown before anything is sent.
    await expect.poll(() => sheet.getByRole('textbox').inputValue()).toBe('0.05');
    await expect.poll(() => sheet.locator('.close-part__pnl').textContent(), within).toMatch(/\d/);
    await sheet.getByRole('textbox').fill('0.055');
    await expect
      .poll(() => sheet.getByRole('alert').textContent())
      .toBe('The volume must be a multiple of 0.01 lots');
    await sheet.getByRole('button', { name: '50 %' }).click();
    await sheet.getByRole('button', { name: 'Close 0.05 lots' }).click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent(), within).toBe('Position closed');

    await expect
      .poll(async () => (await holding(token)).map((o: { Quantity: string }) => o.Quantity), within)
      .toEqual(['0.05']);
    const [rest] = await holding(token);
    await page.getByRole('tab', { name: 'History' }).click();
    const part = page.locator('.order-row', { hasText: 'Bitcoin' });
    await expect.poll(() => part.count(), within).toBe(1);
    await part.first().click();
    await expect
      .poll(() => page.locator('.order-detail__rows').textContent(), within)
      .toContain(`#${rest.Id}`);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("shows a trailing stop's distance and the stop where the price has carried it", async () => {
    await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
    const { context, page, errors } = await phone(browser);
    await demoOnTrade(page, server, 'Bitcoin', '95952.00');
    const token = await tokenOf(page);
    const btc = (await traderApi(server, '/v1/api/forex/search', { query: { name: 'BTCUSD' } }))[0];
    const placed = await traderApi(server, '/v1/api/forex/submit', {
      token,
      query: {
        type: '1',
        cont: '0.01',
        forex_id: String(btc.Id),
        multiple: '10',
        status: '1',
        trailing_distance: '500.00',
      },
    });
    // 500.00 under the bid it trails: 96000.00 × 0.9995 = 95952.00.
    expect(placed).toMatchObject({ TrailingDistance: '500.00', TargetLossPrice: '95452.00' });
    feed.move('BTCUSD', '97000.00');
    // The bid 97000.00 × 0.9995 = 96951.50 carries it to 96451.50.
    await expect.poll(async () => (await holding(token))[0].TargetLossPrice, within).toBe('96451.50');
    feed.move('BTCUSD', '96800.00');

    await page.getByText('Orders', { exact: true }).click();
    await page.locator('.order-row', { hasText: 'Bitcoin' }).first().click();
    const rows = page.locator('.order-detail__rows');
    await expect.poll(() => rows.textContent(), within).toContain('96,451.50');
    expect(await rows.textContent()).toMatch(/Trailing \d+ points/);
    expect((await holding(token))[0].TargetLossPrice).toBe('96451.50');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
