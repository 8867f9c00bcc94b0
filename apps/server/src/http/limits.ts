import { type ApiName, api } from '@meridian/contract';
import type { FastifyRequest } from 'fastify';
import { hashToken, tokenFromHeader } from './sessions';

interface Limit {
  /** Requests allowed per window. */
  max: number;
  /** Who is counted: the caller's address, or the session (one account however many addresses it uses). */
  by: 'ip' | 'session';
}

const MINUTE = 60_000;

/** Sign-in requests per address a minute, traders' (`login`) and operators' (the back office's) alike. */
export const SIGN_IN_LIMIT: Limit = { max: 30, by: 'ip' };

/**
 * Request ceilings against abuse (per minute). Sign-in failures, code sends per recipient and the like
 * have their own finer throttles in the accounts module; these bound the raw request rate on top.
 */
export const LIMITS: Partial<Record<ApiName, Limit>> = {
  login: SIGN_IN_LIMIT,
  register: { max: 20, by: 'ip' },
  sendEmail: { max: 20, by: 'ip' },
  sendSms: { max: 20, by: 'ip' },
  forgetPassword: { max: 20, by: 'ip' },
  createDemo: { max: 30, by: 'ip' },
  captcha: { max: 60, by: 'ip' },
  imageUpload: { max: 30, by: 'session' },
  submitOrder: { max: 300, by: 'session' },
  closeOrder: { max: 300, by: 'session' },
  cancelOrder: { max: 300, by: 'session' },
  setStopPrice: { max: 300, by: 'session' },
  draw: { max: 30, by: 'session' },
  // Exports read a whole history: a few a minute are plenty for a person.
  ledgerExport: { max: 10, by: 'session' },
  historyExport: { max: 10, by: 'session' },
};

const NAME_BY_PATH = new Map<string, ApiName>(
  Object.entries(api).map(([name, call]) => [call.path, name as ApiName]),
);

/** Back-office exports read whole tables: a few a minute per operator session. */
export const ADMIN_EXPORT_LIMIT: Limit = { max: 10, by: 'session' };

/** The per-route configuration @fastify/rate-limit reads, or undefined for calls without a ceiling. */
export function rateLimitFor(path: string) {
  const name = NAME_BY_PATH.get(path);
  const limit = name ? LIMITS[name] : undefined;
  return name && limit ? limitConfig(name, limit) : undefined;
}

/** @fastify/rate-limit's configuration of `limit`, counted under `name`. */
export function limitConfig(name: string, limit: Limit) {
  return {
    max: limit.max,
    timeWindow: MINUTE,
    // A token is counted by its hash: the store (Redis across nodes) never holds one that works.
    keyGenerator: (req: FastifyRequest) => {
      const token = limit.by === 'session' ? tokenFromHeader(req.headers.authorization) : undefined;
      return `${name}:${token ? hashToken(token) : req.ip}`;
    },
  };
}
