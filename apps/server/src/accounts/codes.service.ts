import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Code, type Language } from '@meridian/contract';
import type { Db, Tx } from '../db/client';
import { SpentCode } from '../http/code-throttle';
import { AppError, refuse } from '../http/errors';
import type { Throttle } from '../http/throttle';
import { translate } from '../i18n';
import {
  type CodePurpose,
  deleteCode,
  insertCode,
  latestCode,
  markUsed,
  purgeCodesBefore,
  takeTry,
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

/**
 * Counts the send against its throttles, atomically (http/throttle.ts): one a minute per recipient and
 * purpose, a few an hour per recipient and per address. Returns what gives them back if it is not sent.
 */
async function countSend(
  throttle: Throttle,
  { recipient, purpose, ip }: CodeRequest,
): Promise<() => Promise<void>> {
  const keys = [`code:${purpose}:${recipient}`, `code:${recipient}`, `code-address:${ip}`];
  // Fixed windows, no backoff: the wait is what the message says.
  const rules = [
    { windowMs: CODE_RESEND_MS, max: 1, maxWindowMs: CODE_RESEND_MS },
    { windowMs: HOUR_MS, max: CODE_HOURLY_PER_RECIPIENT, maxWindowMs: HOUR_MS },
    { windowMs: HOUR_MS, max: CODE_HOURLY_PER_IP, maxWindowMs: HOUR_MS },
  ];
  const limit = (i: number) => ({ key: keys[i]!, rule: rules[i]! });
  // Each step counts against all its limits or none (`attempt`): a refused send takes nothing to give back.
  const resend = await throttle.attempt([limit(0)]);
  if (!resend.admitted) {
    throw new AppError(Code.RATE_LIMITED, 'code_too_soon', { seconds: Math.ceil(resend.resetMs / 1000) });
  }
  const hourly = await throttle.attempt([limit(1), limit(2)]);
  if (!hourly.admitted) {
    await throttle.release(keys[0]!);
    throw new AppError(Code.RATE_LIMITED, 'code_hourly_limit');
  }
  const giveBack = async () => {
    await Promise.all(keys.map((key) => throttle.release(key)));
  };
  return giveBack;
}

export async function sendCode(
  { db, log, throttle, now: clock }: AccountsContext,
  request: CodeRequest,
): Promise<void> {
  const { recipient, purpose, ip, lang } = request;
  const now = new Date(clock());
  const giveBack = await countSend(throttle, request);
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
    await giveBack();
    log.error({ err }, 'verification code delivery failed');
    throw refuse('code_send_failed');
  }
}

/**
 * The id of the live code matching `code`; every check takes one of its few tries. The code is not used up
 * yet. The right code once it is used, or its tries taken by checks sent at the same time (a double tap), is
 * refused as spent: not a wrong guess, so the account's code throttle does not count it.
 */
export async function checkCode(
  { db, now }: Pick<AccountsContext, 'db' | 'now'>,
  recipient: string,
  purpose: CodePurpose,
  code: string | undefined,
): Promise<number> {
  const since = new Date(now() - CODE_TTL_MS);
  const row = await latestCode(db, recipient, purpose, since);
  if (!row || !code) throw refuse('code_invalid');
  const right = timingSafeEqual(Buffer.from(row.codeHash, 'hex'), hashCode(recipient, purpose, code));
  const live = !row.usedAt && row.wrongTries < CODE_MAX_WRONG_TRIES;
  if (!live || !(await takeTry(db, row.id, CODE_MAX_WRONG_TRIES)))
    throw right ? new SpentCode() : refuse('code_invalid');
  if (!right) throw refuse('code_invalid');
  return row.id;
}

/** Uses the code up (`at` then) inside the caller's transaction, so a refused change leaves it usable. */
export async function consumeCode(tx: Db | Tx, id: number, at: Date): Promise<void> {
  if (!(await markUsed(tx, id, at))) throw refuse('code_invalid');
}
