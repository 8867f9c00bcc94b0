import * as OTPAuth from 'otpauth';

/** RFC 6238 as authenticator apps do it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_S = 30;

/** A new secret for an authenticator app, in base32. */
export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

const totpFor = (secret: string, label: string) =>
  new OTPAuth.TOTP({
    issuer: 'Meridian',
    label,
    secret: OTPAuth.Secret.fromBase32(secret),
    period: PERIOD_S,
  });

/** The otpauth:// address an authenticator app scans. */
export const totpUri = (secret: string, label: string) => totpFor(secret, label).toString();

/**
 * The time step `code` belongs to at `now` (the app's clock; one step of drift either way), or null when it
 * is not a current code. The caller keeps the last step used, so that a code is good once: `step > last`.
 */
export function totpStep(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret, '').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

/** The code of a secret at `now` (tests, and the set-up screen's check). */
export const totpCode = (secret: string, now: number) => totpFor(secret, '').generate({ timestamp: now });
