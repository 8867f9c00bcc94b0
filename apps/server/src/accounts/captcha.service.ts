import { randomUUID } from 'node:crypto';
import { refuse } from '../http/errors';
import { insertCaptcha, purgeCaptchasBefore, takeCaptcha } from './captcha.repo';
import type { AccountsContext } from './context';
import { CAPTCHA_TTL_MS } from './limits';

type Clocked = Pick<AccountsContext, 'db' | 'now'>;

/** A new captcha as SPEC.md §3 shapes it: its id and the image as a data URL. */
export async function createCaptcha({ db, now: clock }: Clocked): Promise<{ id: string; b64s: string }> {
  const now = new Date(clock());
  await purgeCaptchasBefore(db, new Date(now.getTime() - CAPTCHA_TTL_MS));
  const { default: svgCaptcha } = await import('svg-captcha');
  // Look-alike characters are left out: a captcha should stop bots, not people.
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL' });
  const id = randomUUID();
  await insertCaptcha(db, { id, answer: text.toLowerCase(), createdAt: now });
  return { id, b64s: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}

/** Checks and uses up the captcha; case does not matter. */
export async function checkCaptcha(
  { db, now }: Clocked,
  id: string | undefined,
  answer: string | undefined,
): Promise<void> {
  const row = id ? await takeCaptcha(db, id) : undefined;
  const fresh = row && row.createdAt.getTime() > now() - CAPTCHA_TTL_MS;
  if (!fresh || !answer || row.answer !== answer.trim().toLowerCase()) throw refuse('captcha_invalid');
}
