import { balanceText, dec } from '@meridian/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  depositApproved,
  openScriptedMarket,
  phone,
  pricedAt,
  type RunningServer,
  registerTrader,
  signInOnScreen,
  traderApi,
} from './harness';

/** Two real traders: one shares their trades, the other copies them, at exact scripted prices. */
let server: RunningServer;
let browser: Browser;
let feed: ScriptedFeed;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket(
    { EURUSD: '1.10000' },
    { RANKING_REFRESH_SECONDS: '1', DEMO_TRADERS: 'off' },
  ));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

const PASSWORD = 'secret-123';
const EURUSD = async () => {
  const list: { Id: number; Code: string }[] = await traderApi(server, '/v1/api/forex/trade_list');
  return String(list.find((i) => i.Code === 'EURUSD')!.Id);
};
const buy = async (token: string, lots: string) =>
  traderApi(server, '/v1/api/forex/submit', {
    token,
    query: { type: '1', cont: lots, forex_id: await EURUSD(), multiple: '100', status: '1' },
  });
const close = (token: string, id: number) =>
  traderApi(server, '/v1/api/forex/close', { token, query: { id: String(id) } });
const holdings = async (token: string) =>
  (await traderApi(server, '/v1/api/forex/my_deal', { token, query: { status: '1' } })).data as {
    Id: number;
    Quantity: string;
    TargetLossPrice: string;
    Copied: boolean;
  }[];

/**
 * The leaderboard shows an e-mail as its first two letters (`ca***@ex***`): each try's provider gets a pair of
 * its own, so that a retry's follower finds this try's provider, not the one its first try left listed.
 */
let tries = 0;
const providerName = (letters: string) => `${letters}***@ex***`;

/** The follower copies the provider from the leaderboard, through the provider's page. */
async function copyFromLeaderboard(page: Page, provider: string, allocation: string) {
  await page.goto(`${server.url}/rank`);
  await page.locator('.rank-row', { hasText: provider }).click();
  await page.waitForURL((u) => u.pathname === '/rank/provider');
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await page.locator('input[name="allocation"]').fill(allocation);
  await page.locator('input[name="stop_percent"]').fill('30');
  await page.getByRole('button', { name: 'Start copying' }).click();
  await page.waitForURL((u) => u.pathname === '/copy/detail');
}

describe('copy trading between two real traders', () => {
  it('copies the provider’s open, SL/TP change and close, and stops both ways', {
    timeout: 240_000,
  }, async () => {
    await pricedAt({ server, feed }, { EURUSD: '1.10000' });
    const letters = `c${String.fromCharCode(97 + tries++)}`;
    const providerEmail = `${letters}${Date.now()}@example.com`;
    const followerEmail = `fw${Date.now()}@example.com`;
    const provider = await registerTrader(server, providerEmail, PASSWORD);
    const follower = await registerTrader(server, followerEmail, PASSWORD);
    await depositApproved(server, provider, '10000');
    await depositApproved(server, follower, '5000');

    // The provider shares their trades from the user centre, and has one closed trade to be ranked by.
    const p = await phone(browser);
    await signInOnScreen(p.page, server, providerEmail, PASSWORD);
    await p.page.goto(`${server.url}/user`);
    await p.page.getByRole('switch', { name: 'Share my trades (strategy provider)' }).click();
    await expect
      .poll(async () => (await traderApi(server, '/api/follow/opt_in', { token: provider })).on)
      .toBe(true);
    const first = await buy(provider, '0.01');
    await close(provider, first.Id);

    // The follower finds them through the copy trading tab and the leaderboard.
    const f = await phone(browser);
    await signInOnScreen(f.page, server, followerEmail, PASSWORD);
    await f.page.getByText('Copy trading', { exact: true }).click();
    await f.page.waitForURL((u) => u.pathname === '/copy');
    await expect.poll(() => f.page.getByText('You are not copying anyone yet').count()).toBe(1);
    await expect
      .poll(async () => (await traderApi(server, '/api/follow/list')).map((r: { user: string }) => r.user), {
        timeout: 15_000,
      })
      .toContain(providerName(letters));
    await copyFromLeaderboard(f.page, providerName(letters), '2500');

    // 1 lot against about 10,000 of equity with 2,500 allocated: 0.25 lots in the follower's account.
    const opened = await buy(provider, '1');
    await expect.poll(async () => (await holdings(follower)).length, { timeout: 15_000 }).toBe(1);
    const [copy] = await holdings(follower);
    expect(copy).toMatchObject({ Quantity: '0.25', Copied: true });
    await traderApi(server, '/v1/api/forex/set_stop_price', {
      token: provider,
      query: { id: String(opened.Id), stop_loss_price: '1.09000', target_profit_price: '1.12000' },
    });
    await expect
      .poll(async () => (await holdings(follower))[0]?.TargetLossPrice, { timeout: 15_000 })
      .toBe('1.09000');
    await f.page.goto(`${server.url}/order`);
    const row = f.page.locator('.order-row', { hasText: 'EUR/USD' });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Copied');

    feed.move('EURUSD', '1.10500');
    await close(provider, opened.Id);
    await expect.poll(async () => (await holdings(follower)).length, { timeout: 15_000 }).toBe(0);
    const history = await traderApi(server, '/v1/api/forex/my_deal', {
      token: follower,
      query: { status: '3' },
    });
    const closed = history.data[0];
    expect(closed).toMatchObject({ Id: copy!.Id, CloseReason: 'provider_closed', Copied: true });
    // The copy's own ledger rows, newest first: its margin and fee taken, then its margin and profit back.
    const ledger = await traderApi(server, '/v1/api/main/accountLog/forexChange', {
      token: follower,
      query: { page: '1' },
    });
    expect(ledger.data.map((row: { MemoTran: string; Value: string }) => [row.MemoTran, row.Value])).toEqual([
      ['Position closed', balanceText(dec(closed.CautionMoney).plus(closed.FactProfits))],
      ['Trading fee', balanceText(dec(closed.TradeFee).neg())],
      ['Margin held', balanceText(dec(closed.CautionMoney).neg())],
      ['Deposit', '5000.00'],
    ]);

    // What was copied, on the copy's page.
    await f.page.goto(`${server.url}/copy`);
    await f.page.locator('.copy-card').first().click();
    await f.page.waitForURL((u) => u.pathname === '/copy/detail');
    await expect.poll(() => f.page.locator('.copy-events > li').count()).toBe(3);

    // Stop, keeping the positions: the provider's close no longer reaches them.
    const kept = await buy(provider, '1');
    await expect.poll(async () => (await holdings(follower)).length, { timeout: 15_000 }).toBe(1);
    await f.page.reload();
    await f.page.getByRole('button', { name: 'Stop copying' }).click();
    await f.page.getByText('Stop and keep positions').click();
    await expect.poll(() => f.page.getByText('Stopped by you').count()).toBeGreaterThan(0);
    await close(provider, kept.Id);
    await new Promise((r) => setTimeout(r, 4000));
    expect(await holdings(follower)).toHaveLength(1);

    // Copy again, then stop closing the copied positions.
    await copyFromLeaderboard(f.page, providerName(letters), '2500');
    await buy(provider, '1');
    await expect.poll(async () => (await holdings(follower)).length, { timeout: 15_000 }).toBe(2);
    await f.page.getByRole('button', { name: 'Stop copying' }).click();
    await f.page.getByText('Stop and close copied positions').click();
    await expect.poll(async () => (await holdings(follower)).length, { timeout: 15_000 }).toBe(1);

    expect(p.errors).toEqual([]);
    expect(f.errors).toEqual([]);
    await p.context.close();
    await f.context.close();
  });
});
