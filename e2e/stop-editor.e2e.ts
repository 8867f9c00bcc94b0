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

/** Bitcoin at one scripted price: a buy fills at the ask 96,048.00 and closes at the bid 95,952.00. */
let feed: ScriptedFeed;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

const within = { timeout: 15_000 };

interface Saved {
  Id: number;
  TargetLossPrice: string;
  TargetProfitPrice: string;
}

/**
 * A demo trader with a 0.01-lot Bitcoin buy (held, unless `order` makes it pending) with `order`'s stops, its
 * detail open on the orders screen; `saved()` reads it back from the API.
 */
async function traderWithBuy(order: Record<string, string> = {}, lang = 'en') {
  await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
  const { context, page, errors } = await phone(browser);
  await demoOnTrade(page, server, 'Bitcoin', '95952.00');
  const token: string = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).state.token);
  const list: { Id: number; Code: string }[] = await traderApi(server, '/v1/api/forex/trade_list');
  const query = {
    type: '1',
    cont: '0.01',
    forex_id: String(list.find((i) => i.Code === 'BTCUSD')!.Id),
    multiple: '2',
    status: '1',
    ...order,
  };
  await traderApi(server, '/v1/api/forex/submit', { token, query });
  await page.goto(`${server.url}/order?lang=${lang}`);
  if (query.status === '0') await page.getByRole('tab', { name: 'Pending' }).click();
  // The trader's one order (its name is in the language shown).
  await page.locator('.order-row .order-row__open').first().click();
  const detail = page.locator('.order-detail');
  await detail.waitFor();
  const saved = async (): Promise<Saved> =>
    (await traderApi(server, '/v1/api/forex/my_deal', { token, query: { status: query.status } })).data[0];
  return { context, page, errors, detail, saved };
}

/** The editor's field of a stop: its toggle, units, input, preview and message. */
const stopField = (page: Page, label: string) =>
  page.locator('.stop-editor .stop-field', { has: page.getByRole('switch', { name: label }) });

describe('the SL/TP editor of a held position', () => {
  it('takes the stop loss as a loss in USD and the take profit in points, shows the price and P&L of each, and saves them exactly', async () => {
    const { context, page, errors, detail, saved } = await traderWithBuy();
    // Closing the position is never beside the edit: it stands on its own row, below.
    // Both read at once: the popup may still be sliding up.
    const gap = await detail.evaluate((el) => {
      const [edit, close] = ['Edit TP/SL', 'Close position'].map((name) =>
        [...el.querySelectorAll('button')].find((b) => b.textContent === name)!.getBoundingClientRect(),
      );
      return close!.top - edit!.bottom;
    });
    expect(gap).toBeGreaterThanOrEqual(16);

    await detail.getByRole('button', { name: 'Edit TP/SL' }).click();
    expect(await detail.getByRole('button', { name: 'Close position' }).count()).toBe(0);
    const sl = stopField(page, 'Stop loss');
    await sl.getByRole('switch').click();
    await sl.getByRole('button', { name: 'USD' }).click();
    await sl.locator('input[aria-label="Stop loss (USD)"]').fill('10');
    // 10 USD on 0.01 BTC is 1,000.00 under the fill at 96,048.00.
    await expect
      .poll(() => sl.locator('.stop-editor__preview').textContent())
      .toBe('Price: 95,048.00P&L at SL -$10.00');

    const tp = stopField(page, 'Take profit');
    await tp.getByRole('switch').click();
    await tp.getByRole('button', { name: 'Points' }).click();
    await tp.locator('input[aria-label="Take profit (Points)"]').fill('50000');
    await expect
      .poll(() => tp.locator('.stop-editor__preview').textContent())
      .toBe('Price: 96,548.00P&L at TP $5.00');

    await detail.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => page.locator('.adm-toast-main').textContent(), within)
      .toBe('Stop-loss and take-profit updated');
    expect(await saved()).toMatchObject({ TargetLossPrice: '95048.00', TargetProfitPrice: '96548.00' });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('says a stop on the wrong side, a non-number and a bad trailing distance beside their fields and saves nothing; Cancel keeps the levels', async () => {
    const { context, page, errors, detail, saved } = await traderWithBuy({
      stop_loss_price: '95000',
      target_profit_price: '97000',
    });
    await detail.getByRole('button', { name: 'Edit TP/SL' }).click();
    const sl = stopField(page, 'Stop loss');
    const slInput = sl.locator('input[aria-label="Stop loss (Price)"]');
    // It starts from the saved level, as a price, with the P&L there.
    expect(await slInput.inputValue()).toBe('95000.00');
    await expect.poll(() => sl.locator('.stop-editor__preview').textContent()).toBe('P&L at SL -$10.48');

    // Above the bid a buy closes at, though under its fill: it would close at once.
    await slInput.fill('96000');
    await expect
      .poll(() => sl.getByRole('alert').textContent())
      .toBe('The stop loss is on the wrong side of the current price');
    const tp = stopField(page, 'Take profit');
    await tp.locator('input[aria-label="Take profit (Price)"]').fill('abc');
    await expect
      .poll(() => tp.getByRole('alert').textContent())
      .toBe('Please enter a valid take-profit price');
    await page.getByRole('switch', { name: 'Trailing stop' }).click();
    await page.locator('input[aria-label="Trailing stop (points)"]').fill('9999999999');
    await expect
      .poll(() => page.locator('#trailing-problem').textContent())
      .toBe('Enter the trailing distance as a whole number of points, below the price');
    expect(await sl.getByRole('alert').count()).toBe(1);

    const confirm = detail.getByRole('button', { name: 'Confirm' });
    expect(await confirm.isDisabled()).toBe(true);
    await confirm.click({ force: true });
    await detail.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await detail.locator('.stop-editor').count()).toBe(0);
    expect(await saved()).toMatchObject({ TargetLossPrice: '95000.00', TargetProfitPrice: '97000.00' });
    const rows = detail.locator('.order-detail__rows');
    expect(await rows.textContent()).toContain('95,000.00');
    // Opened again, it starts from the saved levels, not from what was typed and cancelled.
    await detail.getByRole('button', { name: 'Edit TP/SL' }).click();
    expect(await slInput.inputValue()).toBe('95000.00');
    expect(await sl.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('edits a pending order’s stops from its target price', async () => {
    const { context, page, errors, detail, saved } = await traderWithBuy({
      status: '0',
      target_price: '94000',
    });
    await detail.getByRole('button', { name: 'Edit TP/SL' }).click();
    expect(await detail.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    const sl = stopField(page, 'Stop loss');
    await sl.getByRole('switch').click();
    await sl.getByRole('button', { name: 'Points' }).click();
    await sl.locator('input[aria-label="Stop loss (Points)"]').fill('100000');
    // 1,000.00 under the 94,000.00 it will fill at.
    await expect
      .poll(() => sl.locator('.stop-editor__preview').textContent())
      .toBe('Price: 93,000.00P&L at SL -$10.00');
    await detail.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => (await saved()).TargetLossPrice, within).toBe('93000.00');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("shows the server's refusal of the save beside the field it names", async () => {
    const { context, page, errors, detail, saved } = await traderWithBuy({ stop_loss_price: '95000' });
    await detail.getByRole('button', { name: 'Edit TP/SL' }).click();
    const sl = stopField(page, 'Stop loss');
    await sl.locator('input[aria-label="Stop loss (Price)"]').fill('95500');
    // The editor's own checks pass 95,500.00; the save is changed on its way to a level above the bid, so only
    // the server's answer can say what is wrong.
    await page.route('**/v1/api/forex/set_stop_price?**', async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('stop_loss_price', '96500');
      await route.continue({ url: url.toString() });
    });
    await detail.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => sl.getByRole('alert').textContent(), within)
      .toBe('The stop loss is on the wrong side of the current price');
    expect(await page.locator('.adm-toast-main').count()).toBe(0);
    expect(await detail.locator('.stop-editor').count()).toBe(1);
    expect((await saved()).TargetLossPrice).toBe('95000.00');
    // Typing again answers it.
    await sl.locator('input[aria-label="Stop loss (Price)"]').fill('95400');
    expect(await sl.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('fits the phone and reads right to left in Arabic', async () => {
    const { context, page, errors, detail } = await traderWithBuy({ stop_loss_price: '95000' }, 'ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await detail.locator('.order-detail__manage .adm-button').first().click();
    const editor = page.locator('.stop-editor');
    await editor.locator('.stop-field').nth(1).getByRole('switch').click();
    await editor.locator('.stop-field').nth(1).locator('.segmented button').nth(2).click();
    await editor.locator('.stop-field').nth(1).locator('input').fill('5');
    await expect.poll(() => editor.locator('.stop-editor__preview').count()).toBe(2);
    expect(await editor.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');

    // Nothing of it reaches past either edge of the 390 px screen.
    const edges = await editor.evaluate((el) =>
      [el, ...el.querySelectorAll('*')].map((node) => {
        const box = node.getBoundingClientRect();
        return { left: box.left, right: box.right };
      }),
    );
    expect(Math.min(...edges.map((e) => e.left))).toBeGreaterThanOrEqual(0);
    expect(Math.max(...edges.map((e) => e.right))).toBeLessThanOrEqual(390);
    // The stop's name starts at the right, its toggle at the left; Cancel, the first button, on the right.
    const field = editor.locator('.stop-field').first().locator('.field');
    const name = await field.locator('span').first().boundingBox();
    const toggle = await field.getByRole('switch').boundingBox();
    expect(toggle!.x + toggle!.width).toBeLessThan(name!.x);
    const [cancel, confirm] = await Promise.all(
      [0, 1].map((i) => editor.locator('.order-detail__edit-actions .adm-button').nth(i).boundingBox()),
    );
    expect(confirm!.x + confirm!.width).toBeLessThanOrEqual(cancel!.x);
    await page.screenshot({ path: 'test-results/stop-editor-ar.png' });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
