import { Readable } from 'node:stream';
import {
  type Access,
  type AnswerOf,
  Code,
  type Endpoint,
  type Envelope,
  type InputOf,
  type Language,
} from '@meridian/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { type MessageKey, type MessageParams, translate } from '../i18n';
import { assertAnswer } from './answers';
import { AppError, invalidInput, sessionInvalid } from './errors';
import { requestLanguage } from './lang';
import { rateLimitFor } from './limits';
import {
  type ClaimedSession,
  claimedSession,
  forgetSession,
  tokenFromHeader,
  type User,
  userForToken,
} from './sessions';

/** A signed-in user for calls that need one, otherwise maybe nobody. */
type UserFor<A extends Access> = A extends 'user' | 'real' ? User : User | null;

export interface Ctx<I, A extends Access, U = UserFor<A>> {
  input: I;
  user: U;
  lang: Language;
  token: string | undefined;
  req: FastifyRequest;
}

/** A success whose msg the client shows (SPEC.md §7: order confirm, cancel, close, bind…). */
export class Said<T> {
  constructor(
    readonly data: T,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {}
}
export const said = <T>(data: T, key: MessageKey, params?: MessageParams) => new Said(data, key, params);

export function envelope<T>(
  lang: Language,
  code: number,
  key: MessageKey,
  data: T,
  params?: MessageParams,
): Envelope<T> {
  // Prices, money and lots in a message read as the trader's language writes them (translate).
  return { code, msg: translate(lang, key, params), data };
}

/** The request's input: query for GET and DELETE, query and body for POST; the cache-busting `t` is dropped. */
export function rawInput(req: FastifyRequest): Record<string, unknown> {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
  const { t: _t, ...rest } = { ...query, ...(body as Record<string, unknown>) };
  return rest;
}

/** The name of the first field the contract refused, as the client sent it. */
function firstField(error: z.ZodError): string {
  const path = error.issues[0]?.path ?? [];
  return path.length > 0 ? path.map(String).join('.') : 'input';
}

/** The first field holding a NUL character, which no text column can store (PostgreSQL refuses it). */
function fieldWithNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'input' : null;
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = fieldWithNul(inner, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const nul = fieldWithNul(value);
  if (nul) throw invalidInput(nul);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInput(firstField(parsed.error));
  return parsed.data;
}

type Handler<I, A extends Access, U, T> = (ctx: Ctx<I, A, U>) => Promise<T | Said<T>>;

/**
 * Registers one call of the contract: checks access and input at the edge (the endpoint's input schema),
 * runs the use-case, answers in the envelope with what the endpoint's answer schema describes. Refusals
 * are thrown as AppError and answered by the app's error handler.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  db: Db,
  endpoint: E,
  handler: Handler<InputOf<E>, E['access'], UserFor<E['access']>, AnswerOf<E>>,
): void {
  register(
    app,
    endpoint,
    handler,
    (token) => callerOf<E['access']>(db, endpoint.access, token),
    (reply, lang, result) => reply.send(answerEnvelope(db, endpoint, lang, result)),
  );
}

/** The caller of a call of this access level: refuses a missing session, or a demo account on a real-only call. */
async function callerOf<A extends Access>(db: Db, access: A, token: string | undefined): Promise<UserFor<A>> {
  const user = access === 'public' ? null : await userForToken(db, token);
  if (!user && (access === 'user' || access === 'real')) throw sessionInvalid();
  if (user?.isDemo && access === 'real') throw new AppError(Code.REFUSED, 'only_true_account');
  return user as UserFor<A>;
}

/** A file a download call answers with: its name, its content type and its text, produced piece by piece. */
export interface Download {
  filename: string;
  type: string;
  body: AsyncIterable<string>;
}

/**
 * Registers a call whose success is a file streamed to the caller (statement exports) instead of the
 * envelope: access, input, language and rate limit as `route`; a refusal before the file starts is an
 * envelope as usual.
 */
export function routeDownload<E extends Endpoint>(
  app: FastifyInstance,
  db: Db,
  endpoint: E,
  handler: (ctx: Ctx<InputOf<E>, E['access']>) => Promise<Download>,
): void {
  register(
    app,
    endpoint,
    handler,
    (token) => callerOf<E['access']>(db, endpoint.access, token),
    (reply, _lang, file) => sendDownload(reply, file),
  );
}

/** Sends a download as an attachment, streamed as its body yields. */
export const sendDownload = (reply: FastifyReply, file: Download) =>
  reply
    .header('content-type', file.type)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(Readable.from(file.body));

/**
 * Registers a signed-in call whose use-case proves the session in its own statement (placing an order,
 * in the account's lock): a token seen live before goes on without a lookup of its own, a round trip
 * less. One signed out since is refused by that statement with session_invalid, and forgotten.
 */
export function routeProvingSession<E extends Endpoint & { access: 'user' }>(
  app: FastifyInstance,
  db: Db,
  endpoint: E,
  handler: Handler<InputOf<E>, 'user', ClaimedSession, AnswerOf<E>>,
): void {
  register<E, ClaimedSession, AnswerOf<E> | Said<AnswerOf<E>>>(
    app,
    endpoint,
    async (ctx) => {
      try {
        return await handler(ctx);
      } catch (err) {
        if (err instanceof AppError && err.code === Code.SESSION_INVALID)
          forgetSession(db, ctx.user.tokenHash);
        throw err;
      }
    },
    async (token) => {
      const session = await claimedSession(db, token);
      if (!session) throw sessionInvalid();
      return session;
    },
    (reply, lang, result) => reply.send(answerEnvelope(db, endpoint, lang, result)),
  );
}

/** The envelope of a use-case's success, its data checked against the call's answer schema first. */
export function answerEnvelope<T>(
  db: Db,
  call: { path: string; answer: z.ZodType },
  lang: Language,
  result: T | Said<T>,
): Envelope<T> {
  const said = result instanceof Said ? result : null;
  const data = said ? said.data : (result as T);
  assertAnswer(db, call.path, call.answer, data);
  return said ? envelope(lang, Code.OK, said.key, data, said.params) : envelope(lang, Code.OK, 'ok', data);
}

/**
 * A call's route: `identify` finds the caller (or refuses) before the input is read; `answer` sends what the
 * use-case made of it (an envelope, a file).
 */
function register<E extends Endpoint, U, R>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: Ctx<InputOf<E>, Access, U>) => Promise<R>,
  identify: (token: string | undefined) => Promise<U>,
  answer: (reply: FastifyReply, lang: Language, result: R) => unknown,
): void {
  const rateLimit = rateLimitFor(endpoint.path);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: rateLimit ? { rateLimit } : {},
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const lang = requestLanguage(req);
      const token = tokenFromHeader(req.headers.authorization);
      const user = await identify(token);
      const input = parseInput<E['input']>(endpoint.input, rawInput(req));
      return answer(reply, lang, await handler({ input, user, lang, token, req }));
    },
  });
}
