import { api } from '@meridian/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { outbox, verificationCodes } from '../src/accounts/schema';
import type { TestApp } from './harness';

/** The newest message the outbox holds for `recipient`. */
export async function lastMessage(t: TestApp, recipient: string) {
  const [row] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row;
}

/** The code in the newest message to `recipient`, or 'no code'. */
export async function lastCode(t: TestApp, recipient: string): Promise<string> {
  const body = (await lastMessage(t, recipient))?.body ?? '';
  return /\b(\d{6})\b/.exec(body)?.[1] ?? 'no code';
}

/** As if `ms` had gone by: the recipient's codes are that much older, and the throttles' clock that much later. */
export async function backdateCodes(t: TestApp, recipient: string, ms = 61_000) {
  await t.database.db
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - ${`${ms} milliseconds`}::interval` })
    .where(eq(verificationCodes.recipient, recipient));
  t.clock.set(t.clock.now() + ms);
}

let senders = 0;

/**
 * A code to the signed-in trader's own address, as the app asks for one (send_email with type 3 for a
 * step-up before moving money, type 2 for a password change); the one-a-minute wait is lifted first, as if
 * the trader had waited it out, and each request comes from an address of its own, so a suite's hundreds
 * of codes stay under the per-address ceilings.
 */
export async function ownCode(t: TestApp, token: string, email: string, type: 2 | 3): Promise<string> {
  await t.throttle.clear(`code:${type === 3 ? 'money' : 'reset'}:${email}`);
  await t.throttle.clear(`code:${email}`);
  senders += 1;
  const ip = `10.250.${Math.floor(senders / 250) % 250}.${(senders % 250) + 1}`;
  const sent = await t.call('POST', api.sendEmail.path, { token, form: { type }, ip });
  if (sent.body.code !== 1) throw new Error(`code not sent: ${sent.body.msg}`);
  return lastCode(t, email);
}

/** A step-up code for moving money (`ownCode` type 3). */
export const stepUpCode = (t: TestApp, token: string, email: string) => ownCode(t, token, email, 3);
