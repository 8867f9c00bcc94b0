import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedFeed } from '../apps/server/test/scripted-feed';
import {
  closeScriptedMarket,
  confirmOrder,
  demoOnTrade,
  lastCode,
  openScriptedMarket,
  phone,
  pricedAt,
  type RunningServer,
} from './harness';

/** Bitcoin trades every day: the scripted prices fill and refuse orders whatever the day of the run. */
let server: RunningServer;
let browser: Browser;
let feed: ScriptedFeed;

beforeAll(async () => {
  ({ feed, server, browser } = await openScriptedMarket({ BTCUSD: '96000.00' }));
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

/** Room for a loaded machine: a poll's default is one second. */
const within = { timeout: 15_000 };

/** A demo account on /trade with Bitcoin at its scripted price. */
const tradeBitcoin = (page: Page) => demoOnTrade(page, server, 'Bitcoin', '95952.00');

describe('the order form checks its prices before sending', () => {
  it('refuses a stop-loss on the wrong side of the entry with its message, and sends nothing', async () => {
    const { context, page, errors } = await phone(browser);
    const submits: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/api/forex/submit')) submits.push(r.url());
    });
    await tradeBitcoin(page);
    await page.getByRole('switch', { name: 'Stop loss' }).click();
    // A buy's stop-loss above the price it buys at.
    await page.locator('.stop-input input').fill('97000');
    await page.getByRole('button', { name: 'Buy' }).click();
    // Said beside the stop, before anything is sent.
    const problem = page.locator('.field-problem');
    await expect
      .poll(() => problem.allTextContents(), within)
      .toContain('The stop loss is on the wrong side of the current price');
    // A buy limit at 95000.00 with its stop-loss at 95500.00: below the market, yet above its entry.
    await page.getByRole('tab', { name: 'Pending' }).click();
    await page.locator('input[aria-label="Entry price"]').fill('95000.00');
    await page.locator('.stop-input input').fill('95500.00');
    await page.getByRole('button', { name: 'Buy' }).click();
    await expect
      .poll(() => problem.allTextContents(), within)
      .toContain('The stop loss is on the wrong side of the current price');
    expect(submits).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a pending order that fills', () => {
  it('leaves Pending and appears in Positions as it fills, with the totals, without a reload', async () => {
    await pricedAt({ server, feed }, { BTCUSD: '96000.00' });
    const { context, page, errors } = await phone(browser);
    await tradeBitcoin(page);
    await page.getByRole('tab', { name: 'Pending' }).click();
    for (const target of ['95000.00', '94000.00']) {
      await page.locator('input[aria-label="Entry price"]').fill(target);
      const placed = page.waitForResponse((r) => r.url().includes('/v1/api/forex/submit'));
      await page.getByRole('button', { name: 'Buy' }).click();
      await confirmOrder(page);
      expect(await (await placed).json()).toMatchObject({ code: 1, data: { Status: 0 } });
    }
    await page.getByText('Orders', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/order');
    // The trade screen stays up while the orders screen's code loads, and it has a Pending tab of its own.
    await page.locator('.totals').waitFor();
    // Gone if the page reloads.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const rows = page.locator('.order-row', { hasText: 'Bitcoin' });
    // Not a wait for the list's response: once the service worker controls the page, its fetches are not the page's.
    const showTab = async (name: string) => {
      const tab = page.getByRole('tab', { name });
      await tab.click();
      await expect.poll(() => tab.getAttribute('aria-selected'), within).toBe('true');
    };

    await showTab('Pending');
    await expect.poll(() => rows.count(), within).toBe(2);
    // The ask reaches the first limit: 94900.00 × 1.0005 = 94947.45.
    feed.move('BTCUSD', '94900.00');
    await expect.poll(() => rows.count(), within).toBe(1);

    await showTab('Positions');
    await expect.poll(() => rows.count(), within).toBe(1);
    const margin = page
      .locator('.totals > div', { has: page.getByText('Margin', { exact: true }) })
      .locator('dd');
    const before = await margin.textContent();
    // And the second: 93900.00 × 1.0005 = 93946.95.
    feed.move('BTCUSD', '93900.00');
    await expect.poll(() => rows.count(), within).toBe(2);
    await expect.poll(() => margin.textContent(), within).not.toBe(before);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a phone-registered account', () => {
  it('changes its password on /mine/password with a code sent by SMS', async () => {
    const { context, page, errors } = await phone(browser);
    // One of the fictional 555-01xx numbers, drawn per try: a retry's number is not yet registered or sent to.
    const number = `20155501${String(randomInt(100)).padStart(2, '0')}`;
    const recipient = `+1${number}`;
    const fill = (name: string, value: string) => page.locator(`input[name="${name}"]`).fill(value);
    const signIn = async (password: string) => {
      await page.goto(`${server.url}/login`);
      await page.getByRole('tab', { name: 'Mobile' }).click();
      await fill('account', number);
      await fill('password', password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => u.pathname === '/');
    };

    // Signed up with the default area (+1), as a phone sees the form.
    await page.goto(`${server.url}/register`);
    await page.getByRole('tab', { name: 'Mobile' }).click();
    await fill('account', number);
    // The default area (+1) comes with the list of areas: the code goes nowhere before it.
    await expect.poll(() => page.locator('.area-button').textContent(), within).toBe('+1');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.getByRole('button', { name: /Resend in/ }).count(), within).toBe(1);
    await fill('code', await lastCode(server, recipient));
    await fill('password', 'first-pass');
    await fill('re_password', 'first-pass');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn('first-pass');

    await page.goto(`${server.url}/mine/password`);
    await expect.poll(() => page.locator('input[name="account"]').inputValue(), within).toBe(`+1 ${number}`);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.getByRole('button', { name: /Resend in/ }).count(), within).toBe(1);
    await fill('code', await lastCode(server, recipient));
    await fill('new_password', 'second-pass');
    await fill('repeat', 'second-pass');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await signIn('second-pass');
    expect(errors).toEqual([]);
    await context.close();
  });
});
