import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phone, type RunningServer, releaseBrowser, sharedBrowser, startServer } from './harness';

/** The installable app (issue 11): manifest, icons and a service worker that never caches the server's traffic. */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe('installable app', () => {
  it('serves a web manifest with the name, colours, standalone display and icons', async () => {
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: 'Meridian',
      short_name: 'Meridian',
      theme_color: '#0f1724',
      display: 'standalone',
      start_url: '/',
    });
    const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const png = await fetch(`${server.url}${icon.src}`);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
    }
  });

  it('serves the service worker uncached, precaching the shell but never the API or websocket', async () => {
    const res = await fetch(`${server.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toContain('no-cache');
    const sw = await res.text();
    expect(sw).toContain('index.html');
    // Navigations to the server's own paths go to the network, and nothing is cached at run time.
    const denylist = sw.match(/denylist:\[([^\]]*)\]/)?.[1] ?? '';
    for (const prefix of ['api', 'v1', 'admin']) expect(denylist).toContain(`^\\/${prefix}\\/`);
    expect(sw).not.toMatch(/registerRoute\([^)]*(api|v1|admin|ws)/);
    expect(sw).not.toMatch(/\/(api|v1|admin)\/[^"']*["'],revision/);
    // The page's policy lets the worker run.
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get('content-security-policy')).toContain("worker-src 'self'");
  });

  it('opens offline once the first visit has settled, without precaching while the first screen loads', async () => {
    const browser = await sharedBrowser();
    try {
      const { context, page } = await phone(browser);
      await page.goto(server.url);
      // The load event has fired: the worker waits for the visit to settle before downloading the app shell.
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then(Boolean))).toBe(false);
      await page.locator('.quote-list .quote-row').first().waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await context.setOffline(true);
      await page.reload();
      await expect.poll(() => page.locator('.tab-bar').isVisible(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => page.locator('.quote-list .quote-row').count()).toBeGreaterThanOrEqual(30);
      await context.close();
    } finally {
      await releaseBrowser(browser);
    }
  });

  it('stays on screen when the connection drops before the visit settles, and installs the worker once it is back', async () => {
    const browser = await sharedBrowser();
    try {
      const { context, page, errors } = await phone(browser);
      await page.goto(server.url);
      await page.locator('.quote-list .quote-row').first().waitFor();
      const workerChunkFailed = page.waitForEvent('requestfailed', (r) => r.url().includes('PwaUpdate'));
      await context.setOffline(true);
      await workerChunkFailed;
      // The failed chunk took the whole app off the screen before: nothing caught the lazy component's error.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
      expect(await page.locator('.tab-bar').isVisible()).toBe(true);
      expect(await page.locator('.quote-row').count()).toBeGreaterThanOrEqual(30);
      await context.setOffline(false);
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then(Boolean)), {
          timeout: 15_000,
        })
        .toBe(true);
      expect(await page.locator('.tab-bar').isVisible()).toBe(true);
      // Loads that failed while offline (the browser's and the module loader's own lines) are not the app's errors.
      const offlineLoads = /ERR_INTERNET_DISCONNECTED|dynamically imported module|Unable to preload CSS/;
      const appErrors = errors.filter((e) => !offlineLoads.test(e));
      expect(appErrors, appErrors.join('\n')).toEqual([]);
      await context.close();
    } finally {
      await releaseBrowser(browser);
    }
  });

  it('caches hashed assets for good and always revalidates the page that names them', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const script = (await page.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
