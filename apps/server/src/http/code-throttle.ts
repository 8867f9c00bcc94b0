import { Code } from '@meridian/contract';
import { AppError } from './errors';
import { throttled } from './sign-in';
import type { Rule, Throttle } from './throttle';

const MINUTE = 60_000;

/**
 * Every code one account is asked for, wherever (sign-in's second factor, step-up codes, turning the
 * authenticator on or off, an operator's TOTP): 5 wrong in 15 minutes, then each further try doubles the
 * wait, up to an hour. Only someone holding the password or a session can knock here, and the cap bounds
 * how long they can hold the owner back.
 */
export const CODE_RULE: Rule = { windowMs: 15 * MINUTE, max: 5, maxWindowMs: 60 * MINUTE };

/** Whose codes are counted together: a trader or an operator, by id. */
export const codeAccount = {
  trader: (userId: number) => `trader:${userId}`,
  operator: (operatorId: number) => `operator:${operatorId}`,
};

/**
 * Checks a code under its account's code throttle. The try is counted before `check` runs, atomically, so
 * parallel guesses cannot slip past; past the limit the answer is `code_throttled` and the code is not
 * looked at; a right code (`check` answers something truthy, or throws `SpentCode`) is taken back, a wrong
 * one (falsy, or `check` throws anything else) stays counted.
 */
export async function throttledCodeCheck<T>(
  throttle: Throttle,
  account: string,
  check: () => Promise<T>,
): Promise<T> {
  const key = `code-check:${account}`;
  const verdict = await throttle.attempt([{ key, rule: CODE_RULE }]);
  if (!verdict.admitted) throw throttled(verdict.resetMs, 'code_throttled');
  let result: T;
  try {
    result = await check();
  } catch (err) {
    if (err instanceof SpentCode) await throttle.release(key);
    throw err;
  }
  if (result) await throttle.release(key);
  return result;
}

/** The right code, refused because it was used up (or its tries taken) by a check sent with it: no guess. */
export class SpentCode extends AppError {
  constructor() {
    super(Code.REFUSED, 'code_invalid');
  }
}
