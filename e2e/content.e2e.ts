import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  phone,
  type RunningServer,
  registerTrader,
  releaseBrowser,
  sharedBrowser,
  signInOnScreen,
  startServer,
} from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // A quick leaderboard refresh, so the demo traders' first closed trades show within seconds.
  server = await startServer({ RANKING_REFRESH_SECONDS: '2' });
  browser = await sharedBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

/** A real account registered through the API and signed in through the login screen. */
async function signedIn(page: Page) {
  const email = `reader.${Date.now()}@example.com`;
  await registerTrader(server, email, 'secret-123');
  await signInOnScreen(page, server, email, 'secret-123');
}

describe('content on a phone', () => {
  it('reads the news and an article in English and in German', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(`${server.url}/news`);
    await page.getByText('Fed holds rates steady and signals patience').click();
    await page.waitForURL((u) => u.pathname === '/news/detail');
    await expect
      .poll(() => page.locator('.article__title').textContent())
      .toBe('Fed holds rates steady and signals patience');
    await expect.poll(() => page.locator('.article__body p').count()).toBeGreaterThan(1);

    await page.goto(`${server.url}/news?lang=de`);
    await page.getByText('Gold steigt auf Rekordhoch, Realzinsen geben nach').click();
    await expect
      .poll(() => page.locator('.article__title').textContent())
      .toBe('Gold steigt auf Rekordhoch, Realzinsen geben nach');
    await expect.poll(() => page.locator('.article__body').textContent()).toContain('Allzeithoch');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows announcements, the invite page with a QR code, and the support chat', async () => {
    const { context, page, errors } = await phone(browser);
    await signedIn(page);

    await page.goto(`${server.url}/mine/announcement`);
    await expect
      .poll(() => page.locator('.news-list').textContent())
      .toContain('Service availability notice');
    await expect.poll(() => page.locator('.news-list').textContent()).toContain('residents of 4 countries');

    await page.goto(`${server.url}/mine/invite`);
    const code = (await page.locator('.invite-card__code').textContent({ timeout: 10_000 }))!.trim();
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const link = `${server.url}/#/register?invite_code=${code}`;
    await expect.poll(() => page.locator('.invite-card__link').textContent()).toBe(link);
    await expect.poll(() => page.locator('.invite-card__qr svg').count()).toBe(1);

    // No chat service is set: support is e-mail, named so, with the address and when a reply comes.
    await page.goto(`${server.url}/mine/chat`);
    await expect.poll(() => page.locator('.adm-nav-bar-title:visible').textContent()).toBe('Email support');
    await expect
      .poll(() => page.locator('.content-card__value:visible').textContent())
      .toBe('complaints@meridian.local');
    expect(await page.locator('.content-card__text:visible').textContent()).toContain('one business day');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(errors).toEqual([]);

    // A friend opens the shared link: the register screen with the code filled in.
    const friend = await phone(browser);
    await friend.page.goto(link);
    await friend.page.waitForURL((u) => u.pathname === '/register');
    await expect.poll(() => friend.page.locator('input[name="invite_code"]').inputValue()).toBe(code);
    await friend.context.close();
    await context.close();
  });

  it('shows the leaderboard of the demo traders, marked as demo accounts, and a trader’s page on a tap', async () => {
    const { context, page, errors } = await phone(browser);
    await page.goto(`${server.url}/rank`);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.locator('.rank-list, .adm-error-block').first().waitFor();
          return page.locator('.rank-row').count();
        },
        { timeout: 90_000, interval: 3_000 },
      )
      .toBeGreaterThan(0);
    await expect.poll(() => page.locator('.rank-row').first().textContent()).toMatch(/\*\*\*/);
    const row = (await page.locator('.rank-row strong bdi').first().textContent())!;
    expect(await page.locator('.rank-row').first().textContent()).toContain('Demo account');
    await page.locator('.rank-row').first().click();
    await page.waitForURL((u) => u.pathname === '/rank/provider');
    await expect.poll(() => page.locator('.copy-card').first().textContent()).toContain(row);
    // A visitor is asked to sign in before copying.
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(errors).toEqual([]);
    await context.close();
  });
});
