import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_RULES, seriousViolations } from './axe';
import {
  depositApproved,
  openInApp,
  type RunningServer,
  registerTrader,
  releaseBrowser,
  sharedBrowser,
  signInOnScreen,
  startServer,
} from './harness';
import { FOOTER, LOGIN_ONLY, PUBLIC } from './screens';

// Issue 23: every screen, signed out and signed in, in English and Arabic, light and dark, without a serious or
// critical axe-core violation (contrast, names, labels, roles, keyboard reach, tap target size).

/** Screens of routes.tsx beyond SPEC.md §2 that need a signed-in user. */
const LOGIN_EXTRA = ['/notifications', '/alerts', '/recharge/list'];
/** The routes a demo account is refused (routes.tsx `real`): audited with a real account. */
const REAL_ONLY = [
  '/mine/auth',
  '/mine/invite',
  '/mine/password',
  '/recharge/list',
  '/mine/charge',
  '/mine/withdraw',
  '/mine/wallet',
  '/mine/bank-card-list',
  '/mine/coin-address-list',
  '/mine/withdraw-way?type=1',
  '/mine/withdraw-way?type=2',
];
const SIGNED_IN = [...FOOTER, ...LOGIN_ONLY, ...LOGIN_EXTRA];
const SCREENS = {
  visitor: [...FOOTER, ...PUBLIC],
  demo: SIGNED_IN.filter((route) => !REAL_ONLY.includes(route)),
  real: REAL_ONLY,
};
type Who = keyof typeof SCREENS;

const REAL_EMAIL = `a11y.${Date.now()}@example.com`;
const PASSWORD = 'secret-123';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await sharedBrowser();
  // A funded real account: the withdraw screen shows its form, the history has rows.
  const token = await registerTrader(server, REAL_EMAIL, PASSWORD);
  await depositApproved(server, token, '500');
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

async function signIn(page: Page, who: Who) {
  if (who === 'demo') {
    await page.goto(`${server.url}/login`);
    await page.locator('.auth .adm-button-fill-outline').click();
    await page.waitForURL((u) => u.pathname === '/');
  }
  if (who === 'real') await signInOnScreen(page, server, REAL_EMAIL, PASSWORD);
}

/**
 * Opens `route` and waits until its content, not a loading placeholder, is on screen: the first in `lang` by
 * loading it, the rest as the app's own links open them (the audit reads the screen, not how it was reached).
 */
async function open(page: Page, route: string, lang: string | undefined) {
  try {
    if (lang) await page.goto(`${server.url}${route}${route.includes('?') ? '&' : '?'}lang=${lang}`);
    else await openInApp(page, `${server.url}${route}`);
    await page.locator('.app__main > *').first().waitFor();
    await page.locator('.page-loading').waitFor({ state: 'detached' });
    await page.locator('.skeleton-rows').waitFor({ state: 'detached' });
  } catch (error) {
    throw new Error(`${route} did not finish loading: ${error}`);
  }
  await page.evaluate(() => document.fonts.ready);
  // Once per document: a screen opened in the app keeps the one its first screen was given.
  if (!(await page.locator('style[data-audit]').count()))
    await page.evaluate((css) => {
      const style = document.createElement('style');
      style.dataset.audit = '';
      style.textContent = css;
      document.head.append(style);
    }, NO_TRANSITIONS);
}

const RUNS = (['visitor', 'demo', 'real'] as const).flatMap((who) =>
  (['en', 'ar'] as const).map((lang) => ({ who, lang })),
);
const THEMES = ['light', 'dark'] as const;
/**
 * Transitions off for the audit: reduced motion's 0.01 ms transitions (styles.css) still showed the old theme's
 * colour on some elements frames after a switch in headless Chromium, which axe then read (as Playwright's
 * screenshots do, the audit reads the settled page, not one half-way through a fade).
 */
const NO_TRANSITIONS = '*, ::before, ::after { transition: none !important; animation: none !important; }';

describe('every screen, through a screen reader and a keyboard', () => {
  // Each screen is opened once per language and audited in both themes: the phone switching to dark restyles
  // the page as it stands (stores/theme.ts), so a second load per theme audited nothing new. The restyle changes
  // colours only, so the second theme is audited by the rules that read colours.
  it.each(RUNS)(
    'has no serious or critical axe violation, light or dark: $who, $lang',
    { timeout: 180_000 },
    async ({ who, lang }) => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        timezoneId: 'UTC',
        locale: 'en-US',
        colorScheme: THEMES[0],
        // The app as a person who asked for less motion gets it (no shimmer), audited as it settles.
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await signIn(page, who);
      const found: string[] = [];
      for (const [i, route] of SCREENS[who].entries()) {
        await open(page, route, i === 0 ? lang : undefined);
        expect(new URL(page.url()).pathname, route).toBe(route.split('?')[0]);
        for (const [t, theme] of THEMES.entries()) {
          await page.emulateMedia({ colorScheme: theme });
          await page.locator(`html[data-theme="${theme}"]`).waitFor({ state: 'attached' });
          for (const v of await seriousViolations(page, t === 0 ? undefined : COLOUR_RULES))
            found.push(
              `${route} (${theme}): ${v.id} (${v.impact}) ${v.help}: ${v.targets.slice(0, 4).join(', ')}; ${v.summary}`,
            );
        }
      }
      expect(found).toEqual([]);
      await context.close();
    },
  );
});
