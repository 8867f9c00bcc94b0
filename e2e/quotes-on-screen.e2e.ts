import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  openScriptedMarket,
  phone,
  quotedAt,
  type RunningServer,
  shownPrice,
  traderApi,
} from './harness';

// Issue 50: the app takes the quotes of what is on screen. The trade screen follows its instrument alone
// (DAY_MARKET:<symbol>), the market list a snapshot at most once a second, and the orders screen works its
// P&L out from the quotes of the positions held. Bitcoin and Ether trade at every hour.

let server: RunningServer;
let browser: Browser;
let feed: ScriptedFeed;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00', ETHUSD: '3200.00' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

/** The provider quotes each of `quotes` (code → [bid, ask]) and the server has them. */
async function quoted(quotes: Record<string, [string, string]>) {
  for (const [code, [bid, ask]] of Object.entries(quotes)) feed.quote(code, bid, ask);
  await quotedAt(
    server,
    Object.fromEntries(Object.entries(quotes).map(([code, [bid]]) => [code, bid])),
    true,
  );
}

/** Every websocket frame the page sends and receives, parsed ('ping' and 'pong' left out). */
function framesOf(page: Page) {
  const sent: { type: string; params?: string }[] = [];
  const received: { type: string; symbol?: string }[] = [];
  const parse = (payload: string | Buffer) => {
    const text = String(payload);
    return text === 'ping' || text === 'pong' ? null : JSON.parse(text);
  };
  page.on('websocket', (ws) => {
    ws.on('framesent', ({ payload }) => {
      const message = parse(payload);
      if (message) sent.push(message);
    });
    ws.on('framereceived', ({ payload }) => {
      const message = parse(payload);
      if (message) received.push(message);
    });
  });
  return { sent, received };
}

/** The quote topics subscribed and left, in order (the chart's kline topics are its own). */
const subscriptions = (sent: { type: string; params?: string }[]) =>
  sent
    .filter((m) => (m.type === 'sub' || m.type === 'unsub') && m.params?.startsWith('DAY_MARKET'))
    .map((m) => `${m.type} ${m.params}`);

describe('the quotes a phone takes', () => {
  it('moves the trade screen on its own instrument’s quotes, and takes no other instrument’s ticks', async () => {
    await quoted({ BTCUSD: ['96000.00', '96010.00'], ETHUSD: ['3200.00', '3201.00'] });
    const { context, page, errors } = await phone(browser);
    const frames = framesOf(page);

    // The market list: the whole market at most once a second, no instrument's every tick.
    await page.goto(`${server.url}/`);
    const ether = page.locator('.home > .quote-list .quote-row', { hasText: 'Ethereum' });
    await ether.waitFor();
    feed.quote('ETHUSD', '3210.00', '3211.00');
    await expect.poll(() => ether.locator('.quote-row__price .num').first().textContent()).toBe('3,210.00');
    expect(subscriptions(frames.sent)).toEqual(['sub DAY_MARKET_SNAPSHOT']);
    expect(frames.received.some((m) => m.type === 'DAY_MARKET_SNAPSHOT')).toBe(true);
    expect(frames.received.filter((m) => m.type === 'DAY_MARKET')).toEqual([]);

    // Bitcoin's trade screen: its own quotes, every tick; the list's snapshots are left.
    await page.locator('.quote-row', { hasText: 'Bitcoin' }).first().click();
    await page.waitForURL((u) => u.pathname === '/trade');
    const price = page.locator('.trade__price');
    await expect.poll(() => price.textContent()).toBe(shownPrice('96000.00'));
    expect(subscriptions(frames.sent)).toEqual([
      'sub DAY_MARKET_SNAPSHOT',
      'unsub DAY_MARKET_SNAPSHOT',
      'sub DAY_MARKET:BTCUSD',
    ]);
    // Once Bitcoin's next quote is on screen, every frame since the unsubscription has been answered.
    feed.quote('BTCUSD', '96050.00', '96060.00');
    await expect.poll(() => price.textContent()).toBe(shownPrice('96050.00'));
    const from = frames.received.length;

    // Ether ticks twice, then Bitcoin once: the screen moves with Bitcoin, and no Ether quote reached the phone.
    await quoted({ ETHUSD: ['3220.00', '3221.00'] });
    await quoted({ ETHUSD: ['3230.00', '3231.00'] });
    feed.quote('BTCUSD', '96100.00', '96110.00');
    await expect.poll(() => price.textContent()).toBe(shownPrice('96100.00'));
    const since = frames.received.slice(from);
    const quotes = since.filter((m) => m.type === 'DAY_MARKET' || m.type === 'DAY_MARKET_SNAPSHOT');
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes.filter((m) => m.type !== 'DAY_MARKET' || m.symbol !== 'BTCUSD')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves the orders screen’s P&L and the account with the held instrument’s quotes, worked out in the app', async () => {
    await quoted({ BTCUSD: ['96000.00', '96010.00'] });
    const { context, page, errors } = await phone(browser);
    // The server's FOREX_TRADE figures never reach this phone: what moves on screen is the app's own.
    await context.routeWebSocket(/\/v1\/ws$/, (ws) => {
      const upstream = ws.connectToServer();
      ws.onMessage((message) => upstream.send(message));
      upstream.onMessage((message) => {
        if (!String(message).includes('"FOREX_TRADE"')) ws.send(message);
      });
    });
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Try a demo account' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    const token: string = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).state.token);
    const list: { Id: number; Code: string }[] = await traderApi(server, '/v1/api/forex/trade_list');
    const bought = await traderApi(server, '/v1/api/forex/submit', {
      token,
      query: {
        type: '1',
        cont: '0.01',
        forex_id: String(list.find((i) => i.Code === 'BTCUSD')!.Id),
        multiple: '2',
        status: '1',
      },
    });
    // Bought at the ask, 96,010.00; at the bid of 96,000.00 it is (96,000 − 96,010) × 0.01 = 0.10 down.
    expect(bought.Price).toBe('96010.00');

    await page.goto(`${server.url}/order`);
    const position = page.locator('.order-row', { hasText: 'Bitcoin' });
    const figure = (label: string) =>
      page
        .locator('.account-summary .totals > div', { has: page.getByText(label, { exact: true }) })
        .locator('dd')
        .textContent();
    await expect
      .poll(() => position.textContent())
      .toContain(`${shownPrice('96010.00')} → ${shownPrice('96000.00')}`);
    expect(await position.locator('.order-row__pnl').textContent()).toBe('-$0.10');
    await expect.poll(() => figure('Floating P&L')).toBe('-$0.10');
    const equityBefore = Number((await figure('Equity'))!.replace(/[$,]/g, ''));

    // (97,000 − 96,010) × 0.01 = 9.90 up: 10.00 more equity.
    feed.quote('BTCUSD', '97000.00', '97010.00');
    await expect
      .poll(() => position.textContent())
      .toContain(`${shownPrice('96010.00')} → ${shownPrice('97000.00')}`);
    expect(await position.locator('.order-row__pnl').textContent()).toBe('$9.90');
    await expect.poll(() => figure('Floating P&L')).toBe('$9.90');
    await expect
      .poll(async () => Number((await figure('Equity'))!.replace(/[$,]/g, '')))
      .toBeCloseTo(equityBefore + 10, 2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
