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

/**
 * Price alerts fired by scripted EUR/USD ticks, told of in the notification centre (English and Arabic). Each
 * test signs up a trader of its own and sets the price it starts from, so that its retry starts as it did.
 */
let server: RunningServer;
let browser: Browser;
let feed: ScriptedFeed;
const password = 'secret-123';
let eurusd: number;

beforeAll(async () => {
  // The provider's bid and ask (v2 quotes), 1.2 pips apart: an alert watches the bid, the price each scene names.
  ({ feed, server, browser } = await openScriptedMarket({ EURUSD: '1.10000' }, {}, { askPoints: 12 }));
  const list: { Id: number; Code: string }[] = await traderApi(server, '/v1/api/forex/trade_list');
  eurusd = list.find((i) => i.Code === 'EURUSD')!.Id;
});
afterAll(() => closeScriptedMarket({ feed, server, browser }));

const within = { timeout: 15_000 };

interface Alert {
  id: number;
  direction: string;
  price: string;
  note: string;
  fired_at: string;
  fired_price: string;
}
interface Trader {
  email: string;
  token: string;
}
let traders = 0;
async function newTrader(): Promise<Trader> {
  const email = `alerts.${++traders}.${Date.now()}@example.com`;
  return { email, token: await registerTrader(server, email, password) };
}
const alertsOf = ({ token }: Trader): Promise<Alert[]> => traderApi(server, '/v1/api/alerts', { token });
const notificationsOf = ({ token }: Trader) =>
  traderApi(server, '/v1/api/notifications', { token, query: { page: '1' } });
const setAlert = (
  { token }: Trader,
  price: string,
  direction: 'above' | 'below',
  note = '',
): Promise<Alert> =>
  traderApi(server, '/v1/api/alerts', {
    token,
    form: { forex_id: String(eurusd), price, direction, note },
  });
const bell = (page: Page) => page.getByTestId('notification-bell');

const eurusdAt = (price: string) => pricedAt({ server, feed }, { EURUSD: price });

/** A trader whose "at or above 1.10100, Breakout" alert fired at 1.10150, as the second test has it fire. */
async function traderWithAFiredAlert(): Promise<Trader> {
  const trader = await newTrader();
  await eurusdAt('1.10000');
  await setAlert(trader, '1.10100', 'above', 'Breakout');
  await eurusdAt('1.10150');
  await expect.poll(async () => (await alertsOf(trader))[0]?.fired_price, within).toBe('1.10150');
  return trader;
}

async function onEurusdTrade(page: Page) {
  await page.locator('.quote-row', { hasText: 'EUR/USD' }).first().click();
  await page.waitForURL((u) => u.pathname === '/trade');
  await expect.poll(() => page.locator('.trade__price').textContent(), within).toBe('1.10000');
}

describe('a price alert set from the trade screen', () => {
  it('is set with a note from the bell beside the price, and waits', async () => {
    const trader = await newTrader();
    await eurusdAt('1.10000');
    const { context, page, errors } = await phone(browser);
    await signInOnScreen(page, server, trader.email, password);
    await onEurusdTrade(page);

    await page.getByRole('link', { name: 'Set a price alert' }).click();
    await page.waitForURL((u) => u.pathname === '/alerts');
    expect(new URL(page.url()).searchParams.get('forex_id')).toBe(String(eurusd));
    // The form is filled for the instrument shown, at its current price, "at or above".
    expect(await page.getByRole('combobox', { name: 'Instrument' }).inputValue()).toBe(String(eurusd));
    const price = page.getByRole('textbox', { name: 'Price' });
    await expect.poll(() => price.inputValue(), within).toBe('1.10000');
    expect(await page.getByRole('option', { name: 'at or above' }).getAttribute('aria-selected')).toBe(
      'true',
    );

    await price.fill('1.10100');
    await page.getByRole('textbox', { name: 'Note (optional)' }).fill('Breakout');
    await page.getByRole('button', { name: 'Set alert' }).click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent(), within).toBe('Price alert set');

    const row = page.getByTestId('alert');
    await expect.poll(() => row.count(), within).toBe(1);
    expect(await row.textContent()).toContain('EUR/USD at or above 1.10100');
    expect(await row.textContent()).toContain('Breakout');
    // Waiting: it can be deleted, and it has not fired.
    expect(await row.getByRole('button', { name: 'Delete' }).isVisible()).toBe(true);
    expect(await row.textContent()).not.toContain('Triggered');
    expect(await alertsOf(trader)).toMatchObject([
      { forex_id: eurusd, direction: 'above', price: '1.10100', note: 'Breakout', fired_at: '' },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fires once when the price crosses it: the bell counts it, the centre tells it, a tap reads it', async () => {
    const trader = await newTrader();
    await eurusdAt('1.10000');
    await setAlert(trader, '1.10100', 'above', 'Breakout');
    const { context, page, errors } = await phone(browser);
    await signInOnScreen(page, server, trader.email, password);
    await onEurusdTrade(page);
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications, 0 unread');

    feed.move('EURUSD', '1.10150');
    await expect.poll(() => bell(page).getAttribute('aria-label'), within).toBe('Notifications, 1 unread');
    expect(await bell(page).locator('.adm-badge-content').textContent()).toBe('1');

    // More ticks through the level, down and back up: the alert has fired and stays fired once.
    feed.move('EURUSD', '1.10050');
    feed.move('EURUSD', '1.10200');
    await expect.poll(() => page.locator('.trade__price').textContent(), within).toBe('1.10200');
    const [fired] = await alertsOf(trader);
    expect(fired).toMatchObject({ price: '1.10100', fired_price: '1.10150' });
    expect(fired!.fired_at).not.toBe('');
    expect(await notificationsOf(trader)).toMatchObject({ total: 1, unread: 1 });

    await bell(page).click();
    await page.waitForURL((u) => u.pathname === '/notifications');
    const notice = page.getByTestId('notification');
    await expect.poll(() => notice.count(), within).toBe(1);
    expect(await notice.textContent()).toContain('Price alert');
    expect(await notice.locator('.notice__text').textContent()).toBe(
      'EUR/USD reached 1.10150: at or above your alert at 1.10100\nBreakout',
    );
    expect(await notice.getByRole('img', { name: 'Unread' }).count()).toBe(1);

    await notice.click();
    await expect.poll(() => notice.getByRole('img', { name: 'Unread' }).count(), within).toBe(0);
    expect(await notificationsOf(trader)).toMatchObject({ total: 1, unread: 0 });
    await page.goto(`${server.url}/`);
    await expect.poll(() => bell(page).getAttribute('aria-label'), within).toBe('Notifications, 0 unread');
    expect(await bell(page).locator('.adm-badge-content').count()).toBe(0);

    await page.goto(`${server.url}/alerts`);
    const row = page.getByTestId('alert');
    await expect.poll(() => row.textContent(), within).toContain('Triggered at 1.10150');
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await alertsOf(trader)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is gone from the list and the account once deleted', async () => {
    const trader = await traderWithAFiredAlert();
    const set = await setAlert(trader, '1.09000', 'below');
    const { context, page, errors } = await phone(browser);
    await signInOnScreen(page, server, trader.email, password);
    await page.goto(`${server.url}/alerts`);
    const rows = page.getByTestId('alert');
    await expect.poll(() => rows.count(), within).toBe(2);
    const waiting = rows.filter({ hasText: 'at or below 1.09000' });
    await waiting.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rows.count(), within).toBe(1);
    expect(await rows.textContent()).toContain('Triggered at 1.10150');
    expect((await alertsOf(trader)).map((a) => a.id)).not.toContain(set.id);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the notification centre in Arabic', () => {
  it('lays its rows out right to left and tells of the alert in Arabic', async () => {
    const trader = await traderWithAFiredAlert();
    const { context, page, errors } = await phone(browser);
    await signInOnScreen(page, server, trader.email, password);
    await page.goto(`${server.url}/notifications?lang=ar`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const notice = page.getByTestId('notification');
    await expect.poll(() => notice.count(), within).toBe(1);
    expect(await notice.textContent()).toContain('تنبيه سعر');
    expect(await notice.locator('.notice__text').textContent()).toBe(
      'وصل EUR/USD إلى 1.10150: عند تنبيهك عند 1.10100 أو أعلى منه\nBreakout',
    );
    // The title starts at the right edge, the time sits on the left.
    const title = (await notice.locator('.adm-list-item-content-main').boundingBox())!;
    const time = (await notice.locator('.notice__time').boundingBox())!;
    expect(time.x + time.width).toBeLessThan(title.x + title.width);
    expect(title.x + title.width).toBeGreaterThan(390 - 40);
    expect(time.x).toBeLessThan(195);
    expect(errors).toEqual([]);
    await context.close();
  });
});

// Chromium here has no push service: in a test's (incognito) context PushManager.subscribe fails even with
// the permission granted, and in a profile it waits for an unreachable push server; so what is tested is
// what the trader is told when push is not available.
describe('"notify me on this device" where the browser cannot be pushed to', () => {
  const pushSwitch = (page: Page, name: string) => page.getByRole('switch', { name });

  it("says the site is blocked when notifications are refused, in the trader's language", async () => {
    const { email } = await newTrader();
    const { context, page, errors } = await phone(browser);
    await signInOnScreen(page, server, email, password);
    await page.goto(`${server.url}/notifications`);
    expect(await page.evaluate(() => Notification.permission)).not.toBe('granted');
    await pushSwitch(page, 'Notify me on this device').click();
    await expect
      .poll(() => page.locator('.adm-toast-main').textContent(), within)
      .toBe('Notifications are blocked for this site in the browser settings');
    expect(await pushSwitch(page, 'Notify me on this device').getAttribute('aria-checked')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says it could not turn them on when the browser has no push service, and stays off', async () => {
    const { email } = await newTrader();
    const { context, page, errors } = await phone(browser);
    await context.grantPermissions(['notifications'], { origin: server.url });
    await signInOnScreen(page, server, email, password);
    await page.goto(`${server.url}/notifications?lang=ar`);
    // Once the app's service worker runs, the subscription itself is what fails.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await pushSwitch(page, 'أرسل لي الإشعارات على هذا الجهاز').click();
    await expect
      .poll(() => page.locator('.adm-toast-main').textContent(), within)
      .toBe('تعذر تفعيل الإشعارات على هذا الجهاز');
    expect(await pushSwitch(page, 'أرسل لي الإشعارات على هذا الجهاز').getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker.ready.then((r) => r.pushManager.getSubscription()).then(Boolean),
      ),
    ).toBe(false);
    // The browser's own word on why (a test context is incognito), not the app's.
    expect(errors.filter((e) => !e.includes('does not support the Push API in incognito'))).toEqual([]);
    await context.close();
  });
});

describe('a trader with more notifications than a page', () => {
  it('sees the alerts fire on the open list, and the older notifications as the centre is scrolled', async () => {
    const trader = await traderWithAFiredAlert();
    await traderApi(server, '/v1/api/notifications/read', { token: trader.token, form: { all: '1' } });
    for (let i = 0; i < 21; i++) await setAlert(trader, `1.103${String(i).padStart(2, '0')}`, 'above');
    const { context, page, errors } = await phone(browser);
    await signInOnScreen(page, server, trader.email, password);
    await page.goto(`${server.url}/alerts`);
    const fired = page.getByTestId('alert').filter({ hasText: 'Triggered at' });
    await expect.poll(() => page.getByTestId('alert').count(), within).toBe(22);
    expect(await fired.count()).toBe(1);
    feed.move('EURUSD', '1.10500');
    await expect.poll(() => fired.count(), within).toBe(22);
    await expect.poll(async () => (await notificationsOf(trader)).total, within).toBe(22);

    await page.goto(`${server.url}/notifications`);
    const notices = page.getByTestId('notification');
    await expect.poll(() => notices.count(), within).toBeGreaterThanOrEqual(20);
    // Scrolled to the foot of the list, as a thumb does.
    await page.locator('.adm-infinite-scroll').scrollIntoViewIfNeeded();
    await expect.poll(() => notices.count(), within).toBe(22);
    // The first alert's notification, the oldest, is last; read, as all were before the 21 fired.
    expect(await notices.last().locator('.notice__text').textContent()).toContain('1.10150');
    expect(await notices.last().getByRole('img', { name: 'Unread' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
