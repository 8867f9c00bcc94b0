import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, computed once. Our options hold no per-request value (no nonces, no functions), so
 * every response gets the same set. @fastify/helmet rebuilt the middleware (and re-parsed the CSP) on
 * every request: the trade_list profile showed it at 14% of the server's CPU.
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers: Record<string, string> = {};
  const capture = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, capture as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
