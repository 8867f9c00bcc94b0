import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Code, type Language } from '@meridian/contract';
import type { Db } from '../db/client';
import { AppError, refuse } from '../http/errors';
import { translate } from '../i18n';
import {
  addWrongTry,
  type CodePurpose,
  deleteCode,
  insertCode,
  lastSentAt,
  latestLiveCode,
  markUsed,
  purgeCodesBefore,
  sentSince,
} from './codes.repo';
import type { AccountsContext } from './context';
import type { Transport } from './delivery/transport';
import {
  CODE_HOURLY_PER_IP,
  CODE_HOURLY_PER_RECIPIENT,
  CODE_MAX_WRONG_TRIES,
  CODE_RESEND_MS,
  CODE_TTL_MS,
  HOUR_MS,
  minutes,
} from './limits';

export type { CodePurpose };

export interface CodeRequest {
  recipient: string;
  purpose: CodePurpose;
  transport: Transport;
  ip: string;
  lang: Language;
  /** False for a reset code to an unknown account: stored and throttled alike, so answers match, never sent. */
  deliver: boolean;
}

// A 6-digit code has little entropy whatever the hash; the hash keeps a database reader from using live codes.
const hashCode = (recipient: string, purpose: CodePurpose, code: string) =>
  createHash('sha256').update(`${purpose}:${recipient}:${code}`).digest();

async function assertMaySend(db: Db, { recipient, purpose, ip }: CodeRequest, now: Date): Promise<void> {
  const last = await lastSentAt(db, recipient, purpose);
  const wait = last ? CODE_RESEND_MS - (now.getTime() - last.getTime()) : 0;
  if (wait > 0) {
    throw new AppError(Code.RATE_LIMITED, 'code_too_soon', { seconds: Math.ceil(wait / 1000) });
  }
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  if (
    (await sentSince(db, { recipient }, hourAgo)) >= CODE_HOURLY_PER_RECIPIENT ||
    (await sentSince(db, { ip }, hourAgo)) >= CODE_HOURLY_PER_IP
  ) {
    throw new AppError(Code.RATE_LIMITED, 'code_hourly_limit');
  }
}

export async function sendCode({ db, log }: AccountsContext, request: CodeRequest): Promise<void> {
  const { recipient, purpose, ip, lang } = request;
  const now = new Date();
  await assertMaySend(db, request, now);
  await purgeCodesBefore(db, new Date(now.getTime() - HOUR_MS));
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const codeHash = hashCode(recipient, purpose, code).toString('hex');
  const id = await insertCode(db, { recipient, purpose, codeHash, ip, createdAt: now });
  if (!request.deliver) return;
  try {
    await request.transport.send({
      to: recipient,
      subject: translate(lang, 'code_subject'),
      text: translate(lang, 'code_message', { code, minutes: minutes(CODE_TTL_MS) }),
    });
  } catch (err) {
    // An undelivered code must not count against the user's throttles.
    await deleteCode(db, id);
    log.error({ err }, 'verification code delivery failed');
    throw refuse('code_send_failed');
  }
}

/** The id of the live code matching `code`; a wrong guess is counted and refused. Nothing is used up yet. */
export async function checkCode(
  db: Db,
  recipient: string,
  purpose: CodePurpose,
  code: string | undefined,
): Promise<number> {
  const since = new Date(Date.now() - CODE_TTL_MS);
  const row = await latestLiveCode(db, recipient, purpose, since, CODE_MAX_WRONG_TRIES);
  if (!row || !code) throw refuse('code_invalid');
  const expected = Buffer.from(row.codeHash, 'hex');
  if (!timingSafeEqual(expected, hashCode(recipient, purpose, code))) {
    await addWrongTry(db, row.id);
    throw refuse('code_invalid');
  }
  return row.id;
}

/** Uses the code up inside the caller's transaction, so a refused change leaves it usable. */
export async function consumeCode(tx: Db, id: number): Promise<void> {
  if (!(await markUsed(tx, id, new Date()))) throw refuse('code_invalid');
}
