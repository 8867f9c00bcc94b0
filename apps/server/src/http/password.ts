import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** OWASP's minimum for scrypt: N = 2^17 (128 MiB a hash), r = 8, p = 1 (see `setPasswordCost`). */
let N = 2 ** 17;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: n, r: rr, p: pp, maxmem: MAX_MEMORY }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** The scrypt cost as log2(N): 17 unless PASSWORD_LOG_N says otherwise (the test suites use 14 to stay quick). */
export function setPasswordCost(logN: number): void {
  N = 2 ** logN;
}

/** `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking stored hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, rr, pp, salt, hash] = parts;
  const expected = Buffer.from(hash!, 'base64');
  const key = await derive(password, Buffer.from(salt!, 'base64'), Number(n), Number(rr), Number(pp));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash made at a lower cost than today's: made again at the next sign-in, while the password is at hand. */
export function needsRehash(stored: string | null | undefined): boolean {
  const [scheme, n, rr, pp] = (stored ?? '').split('$');
  return scheme === 'scrypt' && (Number(n) < N || Number(rr) < r || Number(pp) < p);
}
