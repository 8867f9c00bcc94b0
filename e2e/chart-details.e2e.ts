import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  openScriptedMarket,
  operatorSession,
  phone,
  pricedAt,
  type RunningServer,
  traderApi,
} from './harness';

// Issue 51 point 11, the chart as a forex trader reads it: a legend of the indicators with their settings and
// values, MACD at a forex precision (not "0.00"), RSI's 30 and 70 levels, a position's line saying what it is and
// how it stands, and a closed market said closed, not live.

let server: RunningServer;
let browser: Browser;
let feed: ScriptedFeed;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ EURUSD: '1.08000' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

interface Instrument {
  Id: number;
  Code: string;
  HasForexMultiple: { Value: number }[];
}
const euro = async (): Promise<Instrument> =>
  ((await traderApi(server, '/v1/api/forex/trade_list')) as Instrument[]).find((i) => i.Code === 'EURUSD')!;

/** A demo account on a phone holding a buy of 0.01 EURUSD, on /trade for EURUSD. */
async function holdingEuro() {
  const { context, page, errors } = await phone(browser);
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Try a demo account' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  const token: string = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).state.token);
  const eur = await euro();
  await traderApi(server, '/v1/api/forex/submit', {
    token,
    query: {
      type: '1',
      cont: '0.01',
      forex_id: String(eur.Id),
      multiple: String(eur.HasForexMultiple[0]!.Value),
      status: '1',
    },
  });
  await page.locator('.quote-row', { hasText: 'EURUSD' }).first().click();
  await page.waitForURL((u) => u.pathname === '/trade');
  await page.locator('.chart-toolbar').waitFor();
  return { context, page, errors };
}

/** Turns an indicator on with its chip, once the last choice is kept. */
async function turnOn(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  await expect
    .poll(() => page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed'))
    .toBe('true');
}

const legend = (page: Page, indicator: string) =>
  page.locator(`.chart-legend li[data-indicator="${indicator}"]`);

/**
 * The rows of the RSI pane (the chart's second pane) drawn across at least a quarter of its width in the
 * chart's muted colour, which its level lines are drawn in, grouped into lines: each line's middle as a share
 * of the pane's height (0 at its top).
 */
function rsiLevelLines(page: Page): Promise<number[]> {
  return page.locator('.candle-chart').evaluate((chart) => {
    const hex = getComputedStyle(chart).getPropertyValue('--muted').trim();
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    // A pane's row of the chart's table is the height of a pane, not of a separator or the time axis.
    const panes = [...chart.querySelectorAll('tr')].filter(
      (row) => row.querySelector('canvas') && row.getBoundingClientRect().height > 50,
    );
    const canvases = [...panes[1]!.querySelectorAll('canvas')];
    const widest = Math.max(...canvases.map((c) => c.width));
    const layers = canvases.filter((c) => c.width === widest);
    const { width, height } = layers[0]!;
    const hits = new Array<number>(height).fill(0);
    for (const layer of layers) {
      const pixels = layer.getContext('2d')!.getImageData(0, 0, width, height).data;
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          const near =
            Math.abs(pixels[i]! - r!) + Math.abs(pixels[i + 1]! - g!) + Math.abs(pixels[i + 2]! - b!);
          if (pixels[i + 3]! > 200 && near < 24) hits[y]! += 1;
        }
    }
    const lines: number[][] = [];
    for (let y = 0; y < height; y++) {
      if (hits[y]! < width / 4) continue;
      const last = lines.at(-1);
      if (last && last.at(-1) === y - 1) last.push(y);
      else lines.push([y]);
    }
    return lines.map((rows) => (rows[0]! + rows.at(-1)!) / 2 / height);
  });
}

describe('the chart as a forex trader reads it', () => {
  it('names each indicator with its settings and value, MACD at forex precision, RSI between 30 and 70 lines', async () => {
    await pricedAt({ server, feed }, { EURUSD: '1.08000' });
    const { context, page, errors } = await holdingEuro();
    for (const name of ['MA', 'RSI', 'MACD']) await turnOn(page, name);
    await page.locator('.candle-chart--panes-2').waitFor();

    await expect.poll(() => legend(page, 'ma').textContent()).toMatch(/^MA 20 1\.\d{5}$/);
    await expect.poll(() => legend(page, 'rsi').textContent()).toMatch(/^RSI 14 \d{1,3}\.\d$/);
    // The histogram, MACD and signal, each at a decimal more than the price: a few points, not "0.00".
    await expect
      .poll(() => legend(page, 'macd').textContent())
      .toMatch(/^MACD 12 26 9 -?\d\.\d{6} -?\d\.\d{6} -?\d\.\d{6}$/);
    const macd = await legend(page, 'macd').locator('.chart-legend__value').allTextContents();
    expect(macd.filter((v) => Number(v) !== 0)).not.toEqual([]);
    // Each value beside its line's colour.
    expect(await legend(page, 'macd').locator('.chart-legend__swatch').count()).toBe(3);
    expect(
      await legend(page, 'ma')
        .locator('.chart-legend__swatch')
        .evaluate((s) => s.style.background),
    ).toBe('rgb(245, 158, 11)');

    // RSI on its 0 to 100 scale (pane margins 20 % above, 10 % below): 70 at 41 % of the pane, 30 at 69 %.
    await page.locator('.candle-chart').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect.poll(() => rsiLevelLines(page)).toHaveLength(2);
    const [seventy, thirty] = await rsiLevelLines(page);
    expect(seventy).toBeCloseTo(0.41, 1);
    expect(thirty).toBeCloseTo(0.69, 1);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("titles a position's line with its side, lots and P&L, which follows the price", async () => {
    await pricedAt({ server, feed }, { EURUSD: '1.08000' });
    const { context, page, errors } = await holdingEuro();
    const entry = page.locator('.chart-lines li').first();
    // Bought at the ask, valued at the bid: a little down at first.
    await expect.poll(() => entry.textContent()).toMatch(/^Buy 0\.01 · -\$0\.\d\d 1\.\d{5}$/);
    await pricedAt({ server, feed }, { EURUSD: '1.08200' });
    await expect.poll(() => entry.textContent()).toMatch(/^Buy 0\.01 · \+\$\d\.\d\d 1\.\d{5}$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says a closed market is closed where it would say live', async () => {
    await pricedAt({ server, feed }, { EURUSD: '1.08000' });
    const { context, page, errors } = await holdingEuro();
    const connection = page.locator('.trade__quote .connection');
    await expect.poll(() => connection.getAttribute('data-state')).toBe('live');

    // A holiday around today (either side of midnight UTC) closes the market, as the operator sets one.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await traderApi(server, '/admin/api/instruments/edit', {
      token: await operatorSession(server),
      json: { id: (await euro()).Id, holidays: [day(-1), day(0), day(1)] },
    });
    await page.reload();
    await page.locator('.trade-bar__closed').waitFor();
    await expect.poll(() => connection.getAttribute('data-state')).toBe('closed');
    expect(await connection.locator('.connection__word').textContent()).toBe('Closed');
    expect(await page.locator('.connection[data-state="live"]:visible').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
