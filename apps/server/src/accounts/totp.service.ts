import type { Language } from '@meridian/contract';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { users } from '../db/schema';
import { codeAccount, throttledCodeCheck } from '../http/code-throttle';
import { refuse } from '../http/errors';
import { verifyPassword } from '../http/password';
import { said } from '../http/route';
import type { User } from '../http/sessions';
import { newTotpSecret, totpStep, totpUri } from '../http/totp';
import type { AccountsContext } from './context';
import { notifyAccount } from './notify-account';

/**
 * Checks a trader's TOTP code, under the account's code throttle (http/code-throttle.ts), and uses it up:
 * true only for a current code of a later time step than the last one used, so a code seen over a
 * shoulder or in a log cannot be played again.
 */
export async function useTotp(
  { db, now, secrets, throttle }: Pick<AccountsContext, 'db' | 'now' | 'secrets' | 'throttle'>,
  user: User,
  code: string,
): Promise<boolean> {
  return throttledCodeCheck(throttle, codeAccount.trader(user.id), async () => {
    if (!user.totpSecret) return false;
    const step = totpStep(secrets.open(user.totpSecret), code, now());
    if (step === null) return false;
    const [used] = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return used !== undefined;
  });
}

/** A new secret for the trader's authenticator app, kept sealed until a code from it is confirmed. */
export async function setUpTotp({ db, secrets }: AccountsContext, user: User) {
  if (user.totpSecret) throw refuse('totp_already_on');
  const secret = newTotpSecret();
  await db
    .update(users)
    .set({ totpPending: secrets.seal(secret) })
    .where(eq(users.id, user.id));
  return { secret, uri: totpUri(secret, user.email ?? user.uid) };
}

/**
 * Turns the second factor on with a code from the secret being set up and the account's password (a stolen
 * session must not enrol the thief's app, which would then stand in for the step-up code), both checked as
 * one try under the account's code throttle; the trader is told by message.
 */
export async function enableTotp(
  ctx: AccountsContext,
  user: User,
  lang: Language,
  { code, password }: { code: string; password: string },
) {
  const { db, now, secrets, throttle } = ctx;
  if (user.totpSecret) throw refuse('totp_already_on');
  if (!user.totpPending) throw refuse('totp_no_setup');
  const pending = user.totpPending;
  let passwordOk = false;
  const step = await throttledCodeCheck(throttle, codeAccount.trader(user.id), async () => {
    passwordOk = await verifyPassword(password, user.passwordHash);
    return passwordOk ? totpStep(secrets.open(pending), code, now()) : null;
  });
  if (!passwordOk) throw refuse('password_wrong');
  if (step === null) throw refuse('totp_invalid');
  await db
    .update(users)
    .set({ totpSecret: user.totpPending, totpPending: null, totpLastStep: step })
    .where(eq(users.id, user.id));
  await notifyAccount(ctx, user, lang, 'notice_totp_on');
  return said(null, 'totp_enabled');
}

/** Turns the second factor off, with a current code from it; the trader is told by message. */
export async function disableTotp(ctx: AccountsContext, user: User, lang: Language, code: string) {
  if (!user.totpSecret) throw refuse('totp_not_on');
  if (!(await useTotp(ctx, user, code))) throw refuse('totp_invalid');
  await ctx.db.update(users).set({ totpSecret: null, totpLastStep: null }).where(eq(users.id, user.id));
  await notifyAccount(ctx, user, lang, 'notice_totp_off');
  return said(null, 'totp_disabled');
}
