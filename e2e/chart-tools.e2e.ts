import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  depositApproved,
  phone,
  type RunningServer,
  registerTrader,
  releaseBrowser,
  sharedBrowser,
  signInOnScreen,
  startServer,
  traderApi,
} from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await sharedBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const PASSWORD = 'secret-123';

interface Instrument {
  Id: number;
  Code: string;
  ForexMinCont: string;
  HasForexMultiple: { Value: number }[];
  ForexQuotations: { Close: string };
}
interface Held {
  Id: number;
  TargetLossPrice: string;
  TargetProfitPrice: string;
}

const bitcoin = async (): Promise<Instrument> =>
  ((await traderApi(server, '/v1/api/forex/trade_list')) as Instrument[]).find((i) => i.Code === 'BTCUSD')!;
const held = async (token: string): Promise<Held[]> =>
  (await traderApi(server, '/v1/api/forex/my_deal', { token, query: { status: '1' } })).data;

/** The bars a period choice asks the server for, once they arrive. */
async function choosePeriod(page: Page, label: string, period: string): Promise<number> {
  const answer = page.waitForResponse(
    (r) => r.url().includes('/v1/api/forex/kline') && r.url().includes(`period=${period}`),
  );
  await page.getByRole('tab', { name: label, exact: true }).click();
  const bars = (await (await answer).json()).data as unknown[];
  expect(await page.getByRole('tab', { name: label, exact: true }).getAttribute('aria-selected')).toBe(
    'true',
  );
  return bars.length;
}

const pressed = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');

/**
 * The y (pixels from the chart's top) of the one movable SL/TP line: a mouse moved down the price pane finds
 * the band where the chart offers to move a line (the ns-resize cursor), whose middle is the line. The band
 * is twice the mouse's reach (6 px, useLineDrag.ts) wide, so steps of 6 find it; its edges are then found
 * pixel by pixel (each step is a round trip to the browser: a scan in steps of 2 took most of this file).
 */
async function movableLineY(page: Page): Promise<number> {
  const chart = page.locator('.candle-chart');
  const box = (await chart.boundingBox())!;
  const x = box.x + box.width / 3;
  const over = async (y: number) => {
    await page.mouse.move(x, box.y + y);
    return chart.evaluate((el) => el.classList.contains('candle-chart--over-line'));
  };
  let hit: number | undefined;
  for (let y = 5; y < 290 && hit === undefined; y += 6) if (await over(y)) hit = y;
  expect(hit).toBeDefined();
  let first = hit!;
  let last = hit!;
  while (first > 0 && (await over(first - 1))) first -= 1;
  while (last < 290 && (await over(last + 1))) last += 1;
  return (first + last) / 2;
}

/** Drags the line `y` pixels from the chart's top by `dy` pixels, as a trader's mouse does, and answers the price the dialog asks about. */
async function dragLine(page: Page, y: number, dy: number): Promise<string> {
  const box = (await page.locator('.candle-chart').boundingBox())!;
  const x = box.x + box.width / 3;
  await page.mouse.move(x, box.y + y);
  await page.mouse.down();
  for (let step = 1; step <= 5; step++) await page.mouse.move(x, box.y + y + (dy * step) / 5);
  await page.mouse.up();
  // The dialog's outer box has no size of its own: its content is what shows.
  const dialog = page.locator('.adm-dialog-content');
  await dialog.waitFor();
  const text = (await dialog.textContent())!;
  const price = /Move stop loss to ([\d,]+\.\d{2})\?/.exec(text)?.[1]?.replaceAll(',', '');
  expect(price, text).toBeDefined();
  return price!;
}

describe('chart tools on a phone', () => {
  it('keeps type, period and indicators per trader, and moves a stop loss by dragging its line', async () => {
    // Its own e-mail per attempt: a retry registers again.
    const email = `chartist.${Date.now()}@example.com`;
    const token = await registerTrader(server, email, PASSWORD);
    await depositApproved(server, token, '10000');
    const { context, page, errors } = await phone(browser);
    await signInOnScreen(page, server, email, PASSWORD);
    await page.locator('.quote-row', { hasText: 'Bitcoin' }).first().click();
    await page.waitForURL((u) => u.pathname === '/trade');
    await page.locator('.chart-toolbar').waitFor();

    await page.getByRole('button', { name: 'Line', exact: true }).click();
    await expect.poll(() => pressed(page, 'Line')).toBe('true');
    await page.getByRole('button', { name: 'Area', exact: true }).click();
    await expect.poll(() => pressed(page, 'Area')).toBe('true');
    await expect.poll(() => pressed(page, 'Line')).toBe('false');
    expect(await choosePeriod(page, '4H', '4hour')).toBeGreaterThan(0);
    expect(await choosePeriod(page, '1W', '1week')).toBeGreaterThan(0);
    expect(await page.locator('.candle-chart__empty').count()).toBe(0);
    await page.getByRole('button', { name: 'EMA', exact: true }).click();
    await page.getByRole('button', { name: 'RSI', exact: true }).click();
    await expect.poll(() => pressed(page, 'EMA')).toBe('true');
    await expect.poll(() => pressed(page, 'RSI')).toBe('true');
    // RSI gets a pane of its own below the price.
    await page.locator('.candle-chart--panes-1').waitFor();

    // Kept on the server, not only on this phone.
    await expect
      .poll(async () => traderApi(server, '/v1/api/preferences', { token }))
      .toMatchObject({ chart_type: 'area', chart_period: '1week', chart_indicators: ['ema', 'rsi'] });

    // An open position with a stop loss 3 % under the price.
    const btc = await bitcoin();
    const stop = (Number(btc.ForexQuotations.Close) * 0.97).toFixed(2);
    await traderApi(server, '/v1/api/forex/submit', {
      token,
      query: {
        type: '1',
        cont: btc.ForexMinCont,
        forex_id: String(btc.Id),
        multiple: String(btc.HasForexMultiple[0]!.Value),
        status: '1',
        stop_loss_price: stop,
      },
    });
    const [position] = await held(token);
    expect(position!.TargetLossPrice).toBe(stop);

    const positionsRead = page.waitForResponse((r) => r.url().includes('/v1/api/forex/my_deal'));
    await page.reload();
    await positionsRead;
    await page.locator('.chart-toolbar').waitFor();
    await expect.poll(() => pressed(page, 'Area')).toBe('true');
    expect(await page.getByRole('tab', { name: '1W', exact: true }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await expect.poll(() => pressed(page, 'EMA')).toBe('true');
    await expect.poll(() => pressed(page, 'RSI')).toBe('true');
    await expect.poll(() => pressed(page, 'Candles')).toBe('false');
    await page.locator('.candle-chart--panes-1').waitFor();

    await page.locator('.candle-chart').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect.poll(() => page.locator('.candle-chart--panes-1 canvas').count()).toBeGreaterThan(0);
    const lineY = await movableLineY(page);

    // A 2-pixel nudge down asks about a price just under the stop; cancelled, nothing changes.
    const nudged = Number(await dragLine(page, lineY, 2));
    expect(nudged).toBeLessThan(Number(stop));
    await page.locator('.adm-dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.adm-dialog').waitFor({ state: 'detached' });
    expect((await held(token))[0]!.TargetLossPrice).toBe(stop);
    // Cancelled: the line is back where it was.
    expect(Math.abs((await movableLineY(page)) - lineY)).toBeLessThanOrEqual(2);

    // Dragged down by 30 pixels and confirmed: the stop loss moved on the server.
    const moved = await dragLine(page, lineY, 30);
    await page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => page.locator('.adm-toast-main').textContent())
      .toBe('Stop-loss and take-profit updated');
    await expect.poll(async () => (await held(token))[0]!.TargetLossPrice).toBe(moved);
    expect((await held(token))[0]!.TargetProfitPrice).toBe('0');
    expect(Math.abs((await movableLineY(page)) - (lineY + 30))).toBeLessThanOrEqual(3);
    // The line stood at the position's stop: two pixels above the nudge, on the chart's price per pixel.
    const perPixel = (nudged - Number(moved)) / 28;
    expect(perPixel).toBeGreaterThan(0);
    expect(Math.abs(nudged + 2 * perPixel - Number(stop))).toBeLessThanOrEqual(3 * perPixel);

    expect(errors).toEqual([]);
    await context.close();
  });
});
