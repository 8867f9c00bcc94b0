import { randomUUID } from 'node:crypto';
import { Code, type endpoints, type InputOf } from '@meridian/contract';
import type { Db } from '../db/client';
import { AppError, refuse } from '../http/errors';
import { hashPassword, needsRehash, verifyPassword } from '../http/password';
import { createSession, type User } from '../http/sessions';
import { signInAttempt } from '../http/sign-in';
import type { AccountsContext, Caller } from './context';
import { resolveIdentity } from './identity';
import { recordAttempt } from './login.repo';
import { useTotp } from './totp.service';
import { userView } from './user-view';
import { findByMobile, findUser, setPasswordHash } from './users.repo';

export type LoginInput = InputOf<typeof endpoints.login>;

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

/**
 * One answer for an unknown account and a wrong password: the reply never tells which accounts exist.
 * Throttled per account and address, per address and per account (http/sign-in.ts); an account with a
 * second factor is asked for its code once its password is right.
 */
export async function login({ db, throttle, secrets }: AccountsContext, input: LoginInput, caller: Caller) {
  const account = throttleKey(input);
  const attempt = await signInAttempt(throttle, `trader:${account}`, caller.ip);
  const user = await findLoginUser(db, input);
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await timingDummy()));
  const record = (success: boolean) =>
    recordAttempt(db, {
      userId: user?.id ?? null,
      account,
      ip: caller.ip,
      userAgent: caller.userAgent?.slice(0, 300),
      success,
      createdAt: new Date(),
    });
  if (!user?.passwordHash || !passwordOk) {
    await record(false);
    throw refuse('login_failed');
  }
  if (user.disabled) {
    await record(false);
    throw refuse('account_disabled');
  }
  if (user.totpSecret) {
    // The data tells the sign-in screen to ask for the code.
    if (!input.totp) throw new AppError(Code.REFUSED, 'totp_required', {}, 200, { totp_required: true });
    await attempt.secondFactor();
    if (!(await useTotp(db, secrets, user, input.totp))) {
      await record(false);
      throw refuse('totp_invalid');
    }
  }
  await attempt.succeeded();
  await record(true);
  // A hash made at an older cost is made again now, while the password is at hand.
  if (needsRehash(user.passwordHash)) await setPasswordHash(db, user.id, await hashPassword(input.password));
  const token = await createSession(db, user.id, caller);
  return { token, user: userView(user) };
}
