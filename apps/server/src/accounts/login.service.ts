import { randomUUID } from 'node:crypto';
import { Code } from '@meridian/contract';
import type { Db } from '../db/client';
import { AppError, refuse } from '../http/errors';
import { hashPassword, verifyPassword } from '../http/password';
import { createSession, type User } from '../http/sessions';
import { userView } from '../modules/users';
import type { AccountsContext, Caller } from './context';
import { type LoginType, resolveIdentity } from './identity';
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_WINDOW_MS,
  minutes,
} from './limits';
import { failuresSince, lastSuccessAt, recordAttempt } from './login.repo';
import { findByMobile, findUser } from './users.repo';

export interface LoginInput {
  login_type: LoginType;
  account: string;
  password: string;
  area_id?: number;
}

/** Verified against when the account does not exist, so both answers take as long. */
let dummyHash: Promise<string> | undefined;
const timingDummy = () => {
  dummyHash ??= hashPassword(randomUUID());
  return dummyHash;
};

/** Digits without a trunk prefix, so '07700 900123' and '7700900123' name the same number. */
const mobileDigits = (raw: string) => raw.replace(/\D/g, '').replace(/^0+/, '');

/** The throttle key: one per account however its identifier is typed. */
const throttleKey = (input: LoginInput) =>
  input.login_type === 'mobile'
    ? `mobile:${mobileDigits(input.account)}`
    : `email:${input.account.trim().toLowerCase()}`;

/** The user named by the identifier; a mobile number without an area code must be unique. */
async function findLoginUser(db: Db, input: LoginInput): Promise<User | undefined> {
  if (input.login_type === 'mobile' && input.area_id === undefined) {
    const matches = await findByMobile(db, mobileDigits(input.account));
    return matches.length === 1 ? matches[0] : undefined;
  }
  return findUser(db, await resolveIdentity(db, input.login_type, input.account, input.area_id, 'account'));
}

async function assertNotThrottled(db: Db, account: string, ip: string): Promise<void> {
  const windowStart = new Date(Date.now() - LOGIN_WINDOW_MS);
  const lastSuccess = await lastSuccessAt(db, account);
  // A successful sign-in clears the account's count; the address's count runs on.
  const since = lastSuccess && lastSuccess > windowStart ? lastSuccess : windowStart;
  if (
    (await failuresSince(db, { account }, since)) >= LOGIN_MAX_FAILURES_PER_ACCOUNT ||
    (await failuresSince(db, { ip }, windowStart)) >= LOGIN_MAX_FAILURES_PER_IP
  ) {
    throw new AppError(Code.RATE_LIMITED, 'login_throttled', { minutes: minutes(LOGIN_WINDOW_MS) });
  }
}

/** One answer for an unknown account and a wrong password: the reply never tells which accounts exist. */
export async function login({ db }: AccountsContext, input: LoginInput, caller: Caller) {
  const account = throttleKey(input);
  await assertNotThrottled(db, account, caller.ip);
  const user = await findLoginUser(db, input);
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await timingDummy()));
  const success = Boolean(user?.passwordHash && passwordOk && !user.disabled);
  await recordAttempt(db, {
    userId: user?.id ?? null,
    account,
    ip: caller.ip,
    userAgent: caller.userAgent?.slice(0, 300),
    success,
    createdAt: new Date(),
  });
  if (!user?.passwordHash || !passwordOk) throw refuse('login_failed');
  if (user.disabled) throw refuse('account_disabled');
  const token = await createSession(db, user.id, caller);
  return { token, user: userView(user) };
}
