/**
 * Response codes of the `{code, msg, data}` envelope (SPEC.md §7, §8).
 * Clients treat 1 as success and 999 as "session invalid"; every other code is a refusal whose msg is shown.
 */
export const Code = {
  OK: 1,
  /** A business rule refused the request (the msg says which). */
  REFUSED: 0,
  SESSION_INVALID: 999,
  INVALID_INPUT: 1001,
  FORBIDDEN: 1003,
  NOT_FOUND: 1004,
  RATE_LIMITED: 1029,
  INTERNAL: 1500,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
