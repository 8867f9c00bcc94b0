/**
 * Issue 46, low finding: a CSV text cell like `;=1+6` was written unquoted, and a spreadsheet of a locale
 * that splits on semicolons read `=1+6` as a formula. Every file the server writes goes through `csvLine`:
 * text cells are quoted and formula-like text is made plain; numbers stay numbers.
 */
import { api } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { post } from '../../src/ledger/post';
import { csvLine } from '../../src/statements/csv';
import { adminCall, operatorToken } from '../admin-helpers';
import { type Desk, desk } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
});
afterAll(() => t?.close());

const ATTACKS = [';=1+6', ',=1+6', '=1+6', '+1+6', '-1+6', '@SUM(1)', '\t=1+6', '\r=1+6', ' =1+6', '＝1+6'];

/** The fields a spreadsheet splitting on `separator` sees in a CSV text: quotes honoured and dropped. */
function fieldsAsRead(text: string, separator: ',' | ';'): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && (c === separator || c === '\n')) {
      fields.push(field);
      field = '';
    } else if (!(c === '\r' && !quoted && text[i + 1] === '\n')) field += c;
  }
  fields.push(field);
  return fields;
}

/** What a spreadsheet would run: a field starting with a formula sign that is not a plain number. */
const formulas = (text: string) =>
  ([';', ','] as const)
    .flatMap((separator) => fieldsAsRead(text.replace(/^\uFEFF/, ''), separator))
    .filter((field) => /^[=+\-@＝＋－＠\t\r]/.test(field.trimStart()) && !/^-?\d+(\.\d+)?$/.test(field));

describe('a CSV cell runs no formula, whatever separator the spreadsheet splits on (issue 46)', () => {
  it('quotes every text cell, makes formula-like text plain, and keeps -12.50 a number', () => {
    const line = csvLine([...ATTACKS, 'plain', 'a "quote"', { number: '-12.50' }]);
    expect(formulas(line)).toEqual([]);
    expect(line).toBe(
      `"';=1+6","',=1+6","'=1+6","'+1+6","'-1+6","'@SUM(1)","'\t=1+6","'\r=1+6","' =1+6","'＝1+6","plain","a ""quote""",-12.50\r\n`,
    );
  });

  it("a trader's statement with the note ;=1+6 runs no formula", async () => {
    const who = await d.trader('100');
    await t.database.db.transaction((tx) =>
      post(tx, {
        userId: who.id,
        account: 'balance',
        type: 'operator_adjust',
        amount: '-12.5',
        refType: 'operator',
        note: ';=1+6',
      }),
    );
    const res = await t.http.inject({
      method: 'GET',
      url: api.ledgerExport.path,
      headers: { lang: 'en', authorization: who.token },
    });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(formulas(res.body)).toEqual([]);
    expect(res.body).toContain(`,-12.50,87.50,"","';=1+6"\r\n`);
  });

  it('a back-office export of a trader named ;=1+6 runs no formula', async () => {
    const who = await d.trader('100');
    await t.database.db.update(users).set({ name: ';=1+6' }).where(eq(users.id, who.id));
    const support = await operatorToken(t, 'support');
    const res = await adminCall(t, 'GET', '/admin/api/users/export', support.token, { q: '' });
    expect(formulas(res.data)).toEqual([]);
    expect(res.data).toContain(`"';=1+6"`);
  });
});
