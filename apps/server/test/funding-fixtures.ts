import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { ledgerEntries } from '../src/ledger/schema';
import { addDemoFunding } from './demo-data';
import { startTestApp, type TestApp } from './harness';

/** A test app whose uploads go to a throwaway folder, with the demo's channels and currencies. */
export async function startFundingApp() {
  const t = await startTestApp({ uploadDir: mkdtempSync(path.join(tmpdir(), 'meridian-uploads-')) });
  await addDemoFunding(t);
  return t;
}

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Posts `bytes` as the multipart field `file`, as the web app's uploader does. */
export async function upload(t: TestApp, token: string | undefined, bytes: Buffer, filename = 'proof.png') {
  const boundary = `----meridian${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers: Record<string, string> = {
    lang: 'en',
    'content-type': `multipart/form-data; boundary=${boundary}`,
  };
  if (token) headers.authorization = token;
  const res = await t.http.inject({ method: 'POST', url: '/api/common/image_upload', headers, payload });
  return res.json() as { code: number; msg: string; data: { url: string } | null };
}

/** The user's balances and what their ledger rows add up to (TRADING.md "Ledger" invariant). */
export async function ledgerCheck(t: TestApp, userId: number) {
  const db = t.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const sums = await db
    .select({
      account: ledgerEntries.account,
      total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .groupBy(ledgerEntries.account);
  const sum = (account: string) => Number(sums.find((s) => s.account === account)?.total ?? 0);
  return {
    balance: Number(user!.balance),
    lock: Number(user!.lockBalance),
    ledgerBalance: sum('balance'),
    ledgerLock: sum('lock'),
  };
}
