import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 51: the pound, Australian and New Zealand dollar pairs showed made-up flags (stripes for the Union
// Jack, a blue square with two dots for Australia). Their logos now draw flag-icons' flags.
const logos = path.resolve(import.meta.dirname, '../apps/web/public/logos');
const flags = path.resolve(import.meta.dirname, '../node_modules/flag-icons/flags/1x1');

/** A flag's drawing as flag-icons has it, without its own <svg> element and line breaks. */
const drawing = (country: string) =>
  readFileSync(path.join(flags, `${country}.svg`), 'utf8')
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/\s*\n\s*/g, '');

describe('pair logos', () => {
  it.each([
    ['gbpusd', 'gb'],
    ['gbpjpy', 'gb'],
    ['eurgbp', 'gb'],
    ['audusd', 'au'],
    ['nzdusd', 'nz'],
  ])('%s draws the real flag of %s', (pair, country) => {
    expect(readFileSync(path.join(logos, `${pair}.svg`), 'utf8')).toContain(drawing(country));
  });
});
