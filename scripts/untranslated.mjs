// Lists user-facing strings that another language still shows in English: same text as en, or missing.
// Server catalogs (apps/server/src/i18n/locales/*.ts) and web locales (apps/web/src/i18n/locales/*.json).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Strings that are the same in every language: brand names, codes, units.
const SAME_EVERYWHERE = /^(Meridian|OK|[A-Z0-9/ .:+%-]{1,12}|\{\{\w+\}\})$/;

function flat(object, prefix = '') {
  return Object.entries(object).flatMap(([key, value]) =>
    value && typeof value === 'object' ? flat(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

function serverCatalog(file) {
  const text = readFileSync(file, 'utf8');
  // A plural's forms (`key: { by, one, other }`, indented deeper) read as key.one, key.other.
  const plurals = [...text.matchAll(/^ {2}(\w+): \{$/gm)].map((m) => ({ key: m[1], at: m.index }));
  const owner = (at) => plurals.findLast((p) => p.at < at && !/^ {2}\},?$/m.test(text.slice(p.at, at)));
  return Object.fromEntries(
    // A long value is wrapped by the formatter onto the line after its key.
    [...text.matchAll(/^(\s+)(\w+):\s+(['"`])((?:\\.|(?!\3).)*)\3,?$/gm)]
      .filter((m) => m[2] !== 'by')
      .map((m) => [m[1].length > 2 ? `${owner(m.index)?.key}.${m[2]}` : m[2], m[4]]),
  );
}

let missing = 0;
for (const [dir, read] of [
  ['apps/server/src/i18n/locales', serverCatalog],
  ['apps/web/src/i18n/locales', (f) => Object.fromEntries(flat(JSON.parse(readFileSync(f, 'utf8'))))],
]) {
  const full = path.join(root, dir);
  const files = readdirSync(full).filter((f) => /\.(ts|json)$/.test(f));
  const enFile = files.find((f) => f.startsWith('en.'));
  const en = read(path.join(full, enFile));
  for (const file of files) {
    if (file === enFile) continue;
    const other = read(path.join(full, file));
    for (const [key, value] of Object.entries(en)) {
      // A plural form English has and this language has not (Chinese has no "one"): not a missing text.
      const form = /^(\w+)\.(zero|one|two|few|many)$/.exec(key);
      if (form && !(key in other) && `${form[1]}.other` in other) continue;
      if (!(key in other) || (other[key] === value && !SAME_EVERYWHERE.test(value))) {
        console.log(`${dir}/${file}\t${key}\t${value}`);
        missing++;
      }
    }
  }
}
console.log(`${missing} untranslated`);
