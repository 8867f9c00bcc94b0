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

/** The user named by the identifier, and the identifier as it was looked up ('email:a@b.c', 'mobile:7700900123'). */
interface LoginTarget {
  user: User | undefined;
  lookedUp: string;
}

/** The user named by the identifier; a mobile number without an area code must be unique. */
async function findLoginUser(db: Db, input: LoginInput): Promise<LoginTarget> {
  if (input.login_type === 'mobile' && input.area_id === undefined) {
    const mobile = mobileDigits(input.account);
    const matches = await findByMobile(db, mobile);
    return { user: matches.length === 1 ? matches[0] : undefined, lookedUp: `mobile:${mobile}` };
  }
  const identity = await resolveIdentity(db, input.login_type, input.account, input.area_id, 'account');
  const lookedUp = identity.type === 'email' ? `email:${identity.email}` : `mobile:${identity.mobile}`;
  return { user: await findUser(db, identity), lookedUp };
}

/**
 * What a sign-in is counted against: the account found, by id, however its identifier was typed. An
 * identifier that names nobody is counted under the form it was looked up by (the lower-case e-mail, the
 * national number with or without its area), so it is held back after as many tries as a real account and
 * the answers tell nothing; its tries can never open an account, so they dodge no count.
 */
const signInAccount = ({ user, lookedUp }: LoginTarget) => `trader:${user ? `user:${user.id}` : lookedUp}`;

/**
 * One answer for an unknown account and a wrong password: the reply never tells which accounts exist.
 * Throttled per account and address, per address and per account (http/sign-in.ts); an account with a
 * second factor is asked for its code once its password is right.
 */
export async function login(ctx: AccountsContext, input: LoginInput, caller: Caller) {
  const { db, now, throttle } = ctx;
  const target = await findLoginUser(db, input);
  const { user, lookedUp } = target;
  const attempt = await signInAttempt(throttle, signInAccount(target), caller.ip);
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await timingDummy()));
  const record = (success: boolean) =>
    recordAttempt(db, {
      userId: user?.id ?? null,
      account: lookedUp,
      ip: caller.ip,
      userAgent: caller.userAgent?.slice(0, 300),
      success,
      createdAt: new Date(now()),
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
    if (!(await useTotp(ctx, user, input.totp))) {
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
