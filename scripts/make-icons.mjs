// Run once: renders apps/web/public's SVG art to the PNGs the app serves, with Chromium (no rasterizer among
// the dependencies): favicon.svg to the web manifest's icons and the app's small icon, and each instrument
// logo (logos/*.svg) to logos/*.png. `node scripts/make-icons.mjs`; the PNGs are committed.
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const pub = new URL('../apps/web/public/', import.meta.url);
const dataUrl = (file) => `data:image/svg+xml;base64,${readFileSync(new URL(file, pub)).toString('base64')}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});

/** Draws the SVG `source` at `inner` of a `size`-pixel square on `bleed` and saves it as `file`. */
async function render(page, { source, file, size, inner = 1, bleed = 'transparent' }) {
  await page.setViewportSize({ width: size, height: size });
  const img = Math.round(size * inner);
  await page.setContent(
    `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${bleed}">` +
      `<img src="${dataUrl(source)}" width="${img}" height="${img}"></body></html>`,
  );
  await page.screenshot({ path: new URL(file, pub).pathname, omitBackground: bleed === 'transparent' });
  console.log(file);
}

const icons = await browser.newPage({ deviceScaleFactor: 1 });
// A maskable icon keeps its content inside the middle 80% circle: the glyph at 70% on a full bleed.
for (const icon of [
  { file: 'pwa-192.png', size: 192 },
  { file: 'pwa-512.png', size: 512 },
  { file: 'pwa-maskable-512.png', size: 512, inner: 0.7, bleed: '#0f1724' },
  { file: 'apple-touch-icon.png', size: 180, inner: 0.8, bleed: '#0f1724' },
  // The tab's icon and the home header's logo: Chromium draws an SVG icon as a document on the page's main thread.
  { file: 'favicon-96.png', size: 96 },
]) {
  await render(icons, { source: 'favicon.svg', ...icon });
}

// Logos are shown at 36 CSS pixels at most; drawn for screens of up to 3 device pixels per CSS pixel. A PNG,
// not the SVG, is what the app shows: the browser decodes a raster image off the main thread, while every SVG
// image is a document of its own that the page's main thread parses, lays out and paints (issue 11).
const logos = await browser.newPage({ deviceScaleFactor: 3 });
for (const svg of readdirSync(new URL('logos/', pub)).filter((f) => f.endsWith('.svg'))) {
  await render(logos, { source: `logos/${svg}`, file: `logos/${svg.replace(/\.svg$/, '.png')}`, size: 36 });
}
await browser.close();
