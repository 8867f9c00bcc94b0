import { createHash, randomBytes } from 'node:crypto';
import { Code, type Language } from '@meridian/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as OTPAuth from 'otpauth';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { operators } from '../db/schema';
import { AppError, sessionInvalid } from '../http/errors';
import { requestLanguage } from '../http/lang';
import { envelope, parseInput, rawInput, Said } from '../http/route';
import { tokenFromHeader } from '../http/sessions';
import type { Tx } from '../ledger/post';
import { auditLog, operatorSessions } from './schema';

export const ROLES = ['admin', 'finance', 'support', 'content', 'risk'] as const;
export type Role = (typeof ROLES)[number];
export type Operator = typeof operators.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createOperatorSession(db: Db, operatorId: number, ip?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(operatorSessions).values({ operatorId, tokenHash: hashToken(token), ip });
  return token;
}

export async function revokeOperatorSession(db: Db, token: string): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: new Date() })
    .where(eq(operatorSessions.tokenHash, hashToken(token)));
}

/** The operator behind a live back-office token; a trader's token never matches one. */
export async function operatorForToken(db: Db, token: string | undefined): Promise<Operator | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, hashToken(token)), isNull(operatorSessions.revokedAt)))
    .limit(1);
  return row && !row.operator.disabled ? row.operator : null;
}

/** A TOTP (RFC 6238, 30 s, 6 digits) for an operator's second factor. */
export function totpFor(secret: string, label = 'operator'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: 'Meridian', label, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** True when `code` is the operator's current code (one step of clock drift allowed). */
export function verifyTotp(secret: string, code: string): boolean {
  return /^\d{6}$/.test(code) && totpFor(secret).validate({ token: code, window: 1 }) !== null;
}

export interface AuditEntry {
  operatorId: number;
  action: string;
  targetType: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** Writes the audit row in the same transaction as the change it records. */
export async function audit(tx: Tx | Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    operatorId: entry.operatorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}

export interface AdminCall {
  method: 'GET' | 'POST';
  path: string;
  /** Roles that may call it; admin may call everything. Empty: any signed-in operator. */
  roles: readonly Role[];
}

/** The back-office calls each app registered, so tests can walk every route and role. */
const registered = new WeakMap<FastifyInstance, AdminCall[]>();
export const adminCalls = (app: FastifyInstance): readonly AdminCall[] => registered.get(app) ?? [];

export interface AdminCtx<I> {
  input: I;
  operator: Operator;
  lang: Language;
  token: string;
  req: FastifyRequest;
  /** For a call that answers other than with the envelope (a stream): once it hijacks, nothing more is sent. */
  reply: FastifyReply;
}

/**
 * Registers one back-office call under /admin/api: operator session (999 without one), role check,
 * input checked against the schema, the envelope. Same refusals and messages as the trader API.
 */
export function adminRoute<S extends z.ZodType, T>(
  app: FastifyInstance,
  db: Db,
  call: AdminCall,
  schema: S,
  handler: (ctx: AdminCtx<z.infer<S>>) => Promise<T | Said<T>>,
): void {
  registered.set(app, [...adminCalls(app), call]);
  app.route({
    method: call.method,
    url: call.path,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const lang = requestLanguage(req);
      const token = tokenFromHeader(req.headers.authorization);
      const operator = await operatorForToken(db, token);
      if (!operator || !token) throw sessionInvalid();
      const role = operator.role as Role;
      if (role !== 'admin' && call.roles.length > 0 && !call.roles.includes(role)) {
        throw new AppError(Code.FORBIDDEN, 'forbidden');
      }
      const input = parseInput(schema, rawInput(req));
      const result = await handler({ input, operator, lang, token, req, reply });
      if (reply.sent) return reply;
      return reply.send(
        result instanceof Said
          ? envelope(lang, Code.OK, result.key, result.data, result.params)
          : envelope(lang, Code.OK, 'ok', result),
      );
    },
  });
}
