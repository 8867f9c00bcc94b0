import { Code } from '@meridian/contract';
import { AppError } from './errors';
import type { Rule, Throttle } from './throttle';

const MINUTE = 60_000;

/**
 * Sign-in limits, traders' and operators' alike. Every attempt is counted before its password is checked
 * (a success is taken back after), so parallel guesses cannot all slip in under a limit. A wrong password
 * holds back that account from that address, not the account everywhere: a stranger cannot lock anyone out.
 */
export const SIGN_IN_RULES = {
  /** One account from one address: 5 tries in 15 minutes, then each further try doubles the wait. */
  accountAddress: { windowMs: 15 * MINUTE, max: 5 },
  /** One address, whatever accounts it tries: 20 in 15 minutes, then doubling. */
  address: { windowMs: 15 * MINUTE, max: 20 },
  /** One account from every address together: a ceiling on guessing spread over many addresses. */
  account: { windowMs: 60 * MINUTE, max: 100 },
  /** Second-factor codes of one account, tried with its right password: 5 in 15 minutes, then doubling. */
  totp: { windowMs: 15 * MINUTE, max: 5 },
} satisfies Record<string, Rule>;

export const throttled = (resetMs: number) =>
  new AppError(Code.RATE_LIMITED, 'login_throttled', { minutes: Math.max(1, Math.ceil(resetMs / MINUTE)) });

export interface SignInAttempt {
  /** The password, and the code when one is due, were right: the account's counts are cleared. */
  succeeded(): Promise<void>;
  /** Counts a second-factor try; refused past its limit. */
  secondFactor(): Promise<void>;
}

/** Counts a sign-in attempt of `account` (e.g. 'trader:email:a@b.c') from `ip`; refuses one past any limit. */
export async function signInAttempt(throttle: Throttle, account: string, ip: string): Promise<SignInAttempt> {
  const keys = {
    accountAddress: `sign-in:${account}@${ip}`,
    address: `sign-in-address:${ip}`,
    account: `sign-in:${account}`,
  };
  const rules = [SIGN_IN_RULES.accountAddress, SIGN_IN_RULES.address, SIGN_IN_RULES.account];
  const counts = await Promise.all(
    [keys.accountAddress, keys.address, keys.account].map((key, i) => throttle.hit(key, rules[i]!)),
  );
  const over = counts.filter((c, i) => c.count > rules[i]!.max);
  if (over.length > 0) throw throttled(Math.max(...over.map((c) => c.resetMs)));
  return {
    async succeeded() {
      await Promise.all([
        throttle.clear(keys.accountAddress),
        throttle.clear(keys.account),
        throttle.clear(`totp:${account}`),
        throttle.release(keys.address),
      ]);
    },
    async secondFactor() {
      const count = await throttle.hit(`totp:${account}`, SIGN_IN_RULES.totp);
      if (count.count > SIGN_IN_RULES.totp.max) throw throttled(count.resetMs);
    },
  };
}
