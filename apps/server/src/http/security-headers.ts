import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Of helmet's headers, the ones that mean something on a JSON answer (the rest govern documents). */
const API_KEPT = [
  'x-content-type-options',
  'strict-transport-security',
  'referrer-policy',
  'cross-origin-resource-policy',
];

/**
 * Helmet's headers, computed once. Our options hold no per-request value (no nonces, no functions), so
 * every response gets the same set. @fastify/helmet rebuilt the middleware (and re-parsed the CSP) on
 * every request: the trade_list profile showed it at 14% of the server's CPU. An API answer is never a
 * document: it gets a policy that allows nothing and may not be framed, in a fifth of the bytes, which
 * the trade_list benchmark showed mattering on every call. Returns what sets them on an answer.
 */
export function securityHeaders(
  options: (frameSrc: string[]) => HelmetOptions,
  isApi: (url: string) => boolean,
  frameSrc: () => string[],
): (req: FastifyRequest, reply: FastifyReply) => void {
  const headersOf = (helmetOptions: HelmetOptions) => {
    const headers: Record<string, string> = {};
    const capture = {
      setHeader(name: string, value: string | number | readonly string[]) {
        headers[name.toLowerCase()] = String(value);
      },
      removeHeader() {},
    };
    helmet(helmetOptions)({} as IncomingMessage, capture as unknown as ServerResponse, (err) => {
      if (err) throw err;
    });
    return headers;
  };
  // Documents' headers change only with the hosts the support chat is framed from: made once per set.
  const documents = new Map<string, Record<string, string>>();
  const documentFor = (sources: string[]) => {
    const key = sources.join(' ');
    let headers = documents.get(key);
    if (!headers) {
      headers = headersOf(options(sources));
      documents.set(key, headers);
    }
    return headers;
  };
  const first = documentFor(frameSrc());
  const api: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
  for (const name of API_KEPT) if (first[name]) api[name] = first[name];
  return (req, reply) => {
    reply.headers(isApi(req.url) ? api : documentFor(frameSrc()));
  };
}
