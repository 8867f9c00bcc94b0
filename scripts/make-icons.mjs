// Run once: renders apps/web/public/favicon.svg to the PNG icons of the web manifest with Chromium
// (no rasterizer among the dependencies). `node scripts/make-icons.mjs`; the PNGs are committed.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const pub = new URL('../apps/web/public/', import.meta.url);
const svg = readFileSync(new URL('favicon.svg', pub), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ deviceScaleFactor: 1 });
const data = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
// A maskable icon keeps its content inside the middle 80% circle: the glyph at 70% on a full bleed.
const icons = [
  { file: 'pwa-192.png', size: 192, inner: 1, bleed: 'transparent' },
  { file: 'pwa-512.png', size: 512, inner: 1, bleed: 'transparent' },
  { file: 'pwa-maskable-512.png', size: 512, inner: 0.7, bleed: '#0f1724' },
  { file: 'apple-touch-icon.png', size: 180, inner: 0.8, bleed: '#0f1724' },
];
for (const { file, size, inner, bleed } of icons) {
  await page.setViewportSize({ width: size, height: size });
  const img = Math.round(size * inner);
  await page.setContent(
    `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${bleed}">` +
      `<img src="${data}" width="${img}" height="${img}"></body></html>`,
  );
  await page.screenshot({ path: new URL(file, pub).pathname, omitBackground: bleed === 'transparent' });
  console.log(file);
}
await browser.close();
