import { Code } from '@meridian/contract';
import type { MessageKey } from '../i18n';
import { AppError } from './errors';
import type { Rule, Throttle } from './throttle';

const MINUTE = 60_000;

/**
 * Sign-in limits, traders' and operators' alike. Every attempt is counted before its password is checked
 * (a success is taken back after), so parallel guesses cannot all slip in under a limit. A try the throttle
 * refuses counts against no other limit (http/throttle.ts `attempt`): a wrong password holds back that
 * account from that address, and the account everywhere only for the short fixed window of `account`.
 */
export const SIGN_IN_RULES = {
  /** One account from one address: 5 tries in 15 minutes, then each further try doubles the wait. */
  accountAddress: { windowMs: 15 * MINUTE, max: 5 },
  /** One address, whatever accounts it tries: 20 in 15 minutes, then doubling. */
  address: { windowMs: 15 * MINUTE, max: 20 },
  /**
   * One account from every address together: a ceiling on guessing spread over many addresses. Fixed, with
   * no backoff: knocking on it while it is full does not lengthen it, so whoever fills it holds the account
   * back for 15 minutes at most.
   */
  account: { windowMs: 15 * MINUTE, max: 25, maxWindowMs: 15 * MINUTE },
} satisfies Record<string, Rule>;

/** The refusal of a throttle, with the wait in whole minutes. */
export const throttled = (resetMs: number, key: MessageKey = 'login_throttled') =>
  new AppError(Code.RATE_LIMITED, key, { minutes: Math.max(1, Math.ceil(resetMs / MINUTE)) });

export interface SignInAttempt {
  /** The password, and the code when one is due, were right: the account's counts are cleared. */
  succeeded(): Promise<void>;
}

/**
 * Counts a sign-in attempt of `account` from `ip`; refuses one past any limit. `account` names the account
 * found (e.g. 'trader:user:12'), so that every way of typing its identifier shares one count.
 */
export async function signInAttempt(throttle: Throttle, account: string, ip: string): Promise<SignInAttempt> {
  const keys = {
    accountAddress: `sign-in:${account}@${ip}`,
    address: `sign-in-address:${ip}`,
    account: `sign-in:${account}`,
  };
  const verdict = await throttle.attempt([
    { key: keys.accountAddress, rule: SIGN_IN_RULES.accountAddress },
    { key: keys.address, rule: SIGN_IN_RULES.address },
    { key: keys.account, rule: SIGN_IN_RULES.account },
  ]);
  if (!verdict.admitted) throw throttled(verdict.resetMs);
  return {
    async succeeded() {
      await Promise.all([
        throttle.clear(keys.accountAddress),
        throttle.clear(keys.account),
        throttle.release(keys.address),
      ]);
    },
  };
}
