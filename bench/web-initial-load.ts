/**
 * web-initial-load: gzip bytes of what the home route loads before its first contentful paint (the HTML,
 * scripts, styles, fonts and API JSON requested before FCP), in Chromium at phone size against the built
 * server, measured against the 170 KiB budget. Each body is gzipped here at the default level, as a
 * compressing proxy or CDN in front of the server would send it.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../e2e/local';
import { log, main, row } from './lib';
import { startBuiltServer } from './web';

const BUDGET_KIB = 170;
const COUNTED = new Set(['navigation', 'script', 'link', 'css', 'fetch', 'xmlhttprequest', 'other']);

main(async () => {
  const server = await startBuiltServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/`, { waitUntil: 'load' });
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      null,
      {
        timeout: 30_000,
      },
    );
    const { fcp, resources } = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        fcp,
        resources: [
          { name: location.href, type: 'navigation', start: 0 },
          ...entries.map((e) => ({ name: e.name, type: e.initiatorType, start: e.startTime })),
        ],
      };
    });
    const before = resources.filter(
      (r) => r.start < fcp && COUNTED.has(r.type) && !/\.(png|jpe?g|svg|webp|gif|ico)(\?|$)/.test(r.name),
    );
    let bytes = 0;
    const parts: string[] = [];
    for (const r of before) {
      const body = Buffer.from(await (await fetch(r.name)).arrayBuffer());
      const gz = gzipSync(body).length;
      bytes += gz;
      parts.push(`${new URL(r.name).pathname} ${(gz / 1024).toFixed(1)}`);
    }
    log(`FCP ${fcp.toFixed(0)} ms; before it (KiB gzip):`, parts.join(', '));
    return [
      row(
        'web-initial-load',
        bytes / 1024,
        'KiB gzip',
        BUDGET_KIB,
        1,
        false,
        `${before.length} requests before first contentful paint (${fcp.toFixed(0)} ms)`,
      ),
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
});
