import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phone, type RunningServer, releaseBrowser, sharedBrowser, startServer } from './harness';

/** The API reference at /api/docs, as a developer opens it: rendered from this host under the page's CSP. */
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

describe('the API reference', () => {
  it('lists every call by area and opens one with its parameters and answer, with no request leaving the host', async () => {
    const { context, page, errors } = await phone(browser);
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith('data:'))
        foreign.push(request.url());
    });
    await page.goto(`${server.url}/api/docs`);
    await page.getByText('Meridian API').first().waitFor();
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(document.paths).reduce(
      (n, methods) => n + Object.keys(methods).length,
      0,
    );
    // The page draws the operations near the screen as it scrolls: read them all on the way down.
    const seen = { operations: new Set<string>(), tags: new Set<string>() };
    await page.mouse.move(195, 400);
    await expect
      .poll(
        async () => {
          // An operation is its method and path.
          const ids = await page
            .locator('.opblock-summary')
            .evaluateAll((rows) =>
              rows.map(
                (r) =>
                  `${r.querySelector('.opblock-summary-method')?.textContent} ${r.querySelector('.opblock-summary-path')?.textContent}`,
              ),
            );
          for (const id of ids) seen.operations.add(id);
          for (const text of await page.locator('.opblock-tag').allTextContents()) seen.tags.add(text);
          await page.mouse.wheel(0, 500);
          return seen.operations.size;
        },
        { timeout: 60_000 },
      )
      .toBe(operations);
    for (const tag of ['Trading', 'Funding', 'Back office']) {
      expect(
        [...seen.tags].some((text) => text.startsWith(tag)),
        tag,
      ).toBe(true);
    }
    const submit = page.locator('.opblock', { hasText: '/v1/api/forex/submit' }).first();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect
      .poll(
        async () => {
          if ((await submit.count()) > 0) return true;
          await page.mouse.wheel(0, 1500);
          return false;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await submit.locator('.opblock-summary').click();
    await page.getByText('forex_id').first().waitFor();
    await page.getByText('client_order_id').first().waitFor();
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
