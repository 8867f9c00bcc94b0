/** Abuse limits of issue 5; in one place so support can answer "why was I refused?". */
const MINUTE = 60_000;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;

export const CODE_TTL_MS = 10 * MINUTE;
/** SPEC.md §9: the client counts down 60 s before it offers a resend. */
export const CODE_RESEND_MS = MINUTE;
export const CODE_HOURLY_PER_RECIPIENT = 5;
export const CODE_HOURLY_PER_IP = 20;
/** A code dies after this many checks: a million codes cannot be tried one by one. */
export const CODE_MAX_WRONG_TRIES = 5;

export const CAPTCHA_TTL_MS = 5 * MINUTE;

export const LEDGER_PAGE_SIZE = 20;

export const HOUR_MS = 60 * MINUTE;
export const minutes = (ms: number) => Math.round(ms / MINUTE);
