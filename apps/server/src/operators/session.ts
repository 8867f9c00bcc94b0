import { createHash, randomBytes } from 'node:crypto';
import {
  type AdminCall,
  type AdminEndpoint,
  type AnswerOf,
  Code,
  type InputOf,
  type Language,
  OPERATOR_ROLES,
  type OperatorRole,
} from '@meridian/contract';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import { AppError, sessionInvalid } from '../http/errors';
import { requestLanguage } from '../http/lang';
import { ADMIN_EXPORT_LIMIT, limitConfig } from '../http/limits';
import { answerEnvelope, type Download, parseInput, rawInput, type Said, sendDownload } from '../http/route';
import { isSealed, type Secrets } from '../http/secrets';
import { sessionPolicy, tokenFromHeader } from '../http/sessions';
import { totpStep } from '../http/totp';
import type { MessageKey } from '../i18n';
import { operatorSessions, operators } from './schema';

export const ROLES = OPERATOR_ROLES;
export type Role = OperatorRole;
export type Operator = typeof operators.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Back-office sessions end after 30 minutes unused, and 12 hours after sign-in whatever. */
export const OPERATOR_IDLE_MS = 30 * 60_000;
export const OPERATOR_MAX_MS = 12 * 60 * 60_000;
/** Use is written back at most this often: a session in use is not rewritten at every call. */
const SEEN_EVERY_MS = 60_000;

/** A new back-office token, stamped by the app's clock its sessions are timed by (the session policy's). */
export async function createOperatorSession(db: Db, operatorId: number, ip?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = new Date(sessionPolicy(db).now());
  await db
    .insert(operatorSessions)
    .values({ operatorId, tokenHash: hashToken(token), ip, createdAt: at, lastSeenAt: at });
  return token;
}

export async function revokeOperatorSession(db: Db, token: string, at: Date): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: at })
    .where(eq(operatorSessions.tokenHash, hashToken(token)));
}

/**
 * The operator behind a live back-office token: not revoked, used in the last 30 minutes, signed in less
 * than 12 hours ago, and not disabled. A trader's token never matches one.
 */
export async function operatorForToken(db: Db, token: string | undefined): Promise<Operator | null> {
  if (!token || token.length > 200) return null;
  const now = sessionPolicy(db).now();
  const [row] = await db
    .select({ operator: operators, sessionId: operatorSessions.id, seen: operatorSessions.lastSeenAt })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, hashToken(token)),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.createdAt, new Date(now - OPERATOR_MAX_MS)),
        gt(operatorSessions.lastSeenAt, new Date(now - OPERATOR_IDLE_MS)),
      ),
    )
    .limit(1);
  if (!row || row.operator.disabled) return null;
  if (row.seen.getTime() < now - SEEN_EVERY_MS) {
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(operatorSessions.id, row.sessionId));
  }
  return row.operator;
}

/**
 * Checks an operator's TOTP code and uses it up: true only for a current code of a later time step than
 * the last one used (a code is good once, whoever replays it).
 */
export async function useOperatorTotp(
  db: Db,
  secrets: Secrets,
  operator: Operator,
  code: string,
  now: number,
): Promise<boolean> {
  if (!operator.totpSecret) return false;
  const secret = secrets.open(operator.totpSecret);
  const step = totpStep(secret, code, now);
  if (step === null) return false;
  const sealed = isSealed(operator.totpSecret) ? operator.totpSecret : secrets.seal(secret);
  const [used] = await db
    .update(operators)
    .set({ totpLastStep: step, totpSecret: sealed })
    .where(
      and(
        eq(operators.id, operator.id),
        or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
      ),
    )
    .returning({ id: operators.id });
  return used !== undefined;
}

/** Ends every back-office session of an operator, `at` then, but `keep` (a password change keeps the one that made it). */
export async function revokeOperatorSessions(
  db: Db | Tx,
  operatorId: number,
  at: Date,
  keep?: string,
): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        keep ? sql`${operatorSessions.tokenHash} <> ${hashToken(keep)}` : undefined,
      ),
    );
}

export type { AdminCall };

/** What an operator must still do before the back office opens: nothing, change the password, or enrol TOTP. */
export type PendingStep = Extract<
  MessageKey,
  'operator_password_change_required' | 'operator_totp_enrolment_required'
>;
export function pendingStep(operator: Operator, totpRequired: boolean): PendingStep | null {
  if (operator.mustChangePassword) return 'operator_password_change_required';
  if (totpRequired && !operator.totpSecret) return 'operator_totp_enrolment_required';
  return null;
}

/** Whether every operator must sign in with TOTP, per database: production mode (PostgreSQL) says yes. */
const totpRequiredOn = new WeakMap<Db, boolean>();
export const requireOperatorTotp = (db: Db, required: boolean) => totpRequiredOn.set(db, required);
export const operatorTotpRequired = (db: Db) => totpRequiredOn.get(db) ?? false;

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
type AdminHandler<I, T> = (ctx: AdminCtx<I>) => Promise<T | Said<T>>;

export function adminRoute<E extends AdminEndpoint>(
  app: FastifyInstance,
  db: Db,
  call: E,
  handler: AdminHandler<InputOf<E>, AnswerOf<E>>,
): void {
  registerAdmin(app, db, call, handler, (reply, lang, result) =>
    reply.sent ? reply : reply.send(answerEnvelope(db, call, lang, result)),
  );
}

/**
 * Registers a back-office call whose success is a file streamed to the operator (list exports): the checks
 * of `adminRoute`, a rate limit per session; a refusal before the file starts is an envelope as usual.
 */
export function adminDownload<E extends AdminEndpoint>(
  app: FastifyInstance,
  db: Db,
  call: E,
  handler: (ctx: AdminCtx<InputOf<E>>) => Promise<Download>,
): void {
  registerAdmin(app, db, call, handler, (reply, _lang, file) => sendDownload(reply, file), {
    rateLimit: limitConfig(call.path, ADMIN_EXPORT_LIMIT),
  });
}

/** A back-office call's route: the operator and role checks, the input, then `answer` sends what the use-case made. */
function registerAdmin<E extends AdminEndpoint, R>(
  app: FastifyInstance,
  db: Db,
  call: E,
  handler: (ctx: AdminCtx<InputOf<E>>) => Promise<R>,
  answer: (reply: FastifyReply, lang: Language, result: R) => unknown,
  config: object = {},
): void {
  registered.set(app, [...adminCalls(app), call]);
  app.route({
    method: call.method,
    url: call.path,
    config,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const lang = requestLanguage(req);
      const token = tokenFromHeader(req.headers.authorization);
      const operator = await operatorForToken(db, token);
      if (!operator || !token) throw sessionInvalid();
      const step = call.setup ? null : pendingStep(operator, operatorTotpRequired(db));
      if (step) throw new AppError(Code.FORBIDDEN, step);
      const role = operator.role as Role;
      if (role !== 'admin' && call.roles.length > 0 && !call.roles.includes(role)) {
        throw new AppError(Code.FORBIDDEN, 'forbidden');
      }
      const input = parseInput<E['input']>(call.input, rawInput(req));
      return answer(reply, lang, await handler({ input, operator, lang, token, req, reply }));
    },
  });
}
