import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  openScriptedMarket,
  phone,
  pricedAt,
  type RunningServer,
  registerTrader,
  signInOnScreen,
  traderApi,
} from './harness';

/** A trader's favourites first on the home screen, and whether the prices on screen are live (issue 22). */
let server: RunningServer;
let browser: Browser;
let feed: ScriptedFeed;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ EURUSD: '1.10000', BTCUSD: '96000.00' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

const row = (page: Page, scope: string, code: string) =>
  page.locator(`${scope} .quote-item`, {
    has: page.locator('.quote-row__code', { hasText: new RegExp(`^${code}$`) }),
  });
const watchedCodes = (page: Page) => page.locator('.watchlist .quote-row__code').allTextContents();
const connection = (page: Page) => page.locator('.home__source .connection');

describe('a watchlist and the market state on a phone', () => {
  it('shows starred instruments first, live, and says when prices are offline or stale', async () => {
    await pricedAt({ server, feed }, { EURUSD: '1.10000', BTCUSD: '96000.00' });
    const email = `watch.${Date.now()}@example.com`;
    const token = await registerTrader(server, email, 'secret-123');
    const { context, page, errors } = await phone(browser);
    await signInOnScreen(page, server, email, 'secret-123');

    // Nothing starred yet: no watchlist section.
    await row(page, '.home > .quote-list', 'EURUSD').waitFor();
    expect(await page.locator('.watchlist').count()).toBe(0);

    // Bitcoin first, then the euro.
    await row(page, '.home > .quote-list', 'BTCUSD').locator('.watch-star').click();
    await expect.poll(() => watchedCodes(page)).toEqual(['BTCUSD']);
    await row(page, '.home > .quote-list', 'EURUSD').locator('.watch-star').click();
    await expect.poll(() => watchedCodes(page)).toEqual(['BTCUSD', 'EURUSD']);
    // Before the category chips and the full list.
    expect(
      await page.evaluate(
        () =>
          !!(
            document.querySelector('.watchlist')!.compareDocumentPosition(document.querySelector('.chips')!) &
            Node.DOCUMENT_POSITION_FOLLOWING
          ),
      ),
    ).toBe(true);
    expect(await row(page, '.watchlist', 'EURUSD').locator('.watch-star').getAttribute('aria-pressed')).toBe(
      'true',
    );

    // Live prices move in the watchlist rows: the row leads with the bid.
    feed.quote('EURUSD', '1.10420', '1.10432');
    await expect
      .poll(() => row(page, '.watchlist', 'EURUSD').locator('.quote-row__price .num').first().textContent())
      .toBe('1.10420');

    // Kept on the server, in that order: another device shows the same.
    const ids: number[] = await traderApi(server, '/v1/api/watchlist', { token });
    const list: { Id: number; Code: string }[] = await traderApi(server, '/v1/api/forex/trade_list');
    expect(ids.map((id) => list.find((i) => i.Id === id)!.Code)).toEqual(['BTCUSD', 'EURUSD']);

    // Unstar the euro from the watchlist itself.
    await row(page, '.watchlist', 'EURUSD').locator('.watch-star').click();
    await expect.poll(() => watchedCodes(page)).toEqual(['BTCUSD']);
    await expect.poll(() => traderApi(server, '/v1/api/watchlist', { token })).toHaveLength(1);

    // The connection: live, offline with the network gone, live again as soon as it is back.
    await expect.poll(() => connection(page).getAttribute('data-state')).toBe('live');
    expect(await connection(page).textContent()).toBe('Live');
    await context.setOffline(true);
    await expect.poll(() => connection(page).textContent()).toBe('Offline');
    await context.setOffline(false);
    // Far sooner than a backed-off retry could come (up to 15 s).
    await expect.poll(() => connection(page).textContent(), { timeout: 3000 }).toBe('Live');

    // Bitcoin's feed stops (it trades at every hour, so this does not depend on when the suite runs): on /trade its price says how old it is, once older than the server allows (10 s).
    await row(page, '.watchlist', 'BTCUSD').locator('.quote-row').click();
    await page.waitForURL((u) => u.pathname === '/trade');
    const state = page.locator('.trade__quote .connection');
    await expect.poll(() => state.getAttribute('data-state')).toBe('live');
    expect(await state.locator('.connection__age').count()).toBe(0);
    feed.silence('BTCUSD');
    await expect
      .poll(() => state.locator('.connection__age').textContent(), { timeout: 20_000 })
      .toMatch(/^Last price \d+ sec\. ago$/);
    // The star on /trade says it is on the watchlist.
    expect(await page.locator('.trade__header .watch-star').getAttribute('aria-pressed')).toBe('true');

    // Arabic: the indicator reads right to left, the dot first on the right.
    await page.goto(`${server.url}/?lang=ar`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => connection(page).textContent()).toBe('مباشر');
    const dot = (await connection(page).locator('.connection__dot').boundingBox())!;
    const word = (await connection(page).locator('.connection__word').boundingBox())!;
    expect(dot.x).toBeGreaterThan(word.x + word.width - 1);

    // Requests cut off while offline are the test's doing; nothing else may fail.
    expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });
});
