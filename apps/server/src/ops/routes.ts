import { createHash, timingSafeEqual } from 'node:crypto';
import { Code } from '@meridian/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { requestLanguage } from '../http/lang';
import { envelope } from '../http/route';
import type { Market } from '../market';
import type { Trading } from '../trading';
import {
  databaseCheck,
  feedCheck,
  migrationsCheck,
  type Readiness,
  redisCheck,
  shippedMigrations,
} from './health';
import type { Metrics } from './metrics';
import type { NodeState } from './node-state';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** What a stopping node still answers itself: probes and Prometheus see it stop. */
const OPS_ROUTES = new Set(['/livez', '/readyz', '/metrics']);

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * /metrics is for this host's own collector, or one holding METRICS_TOKEN. A loopback connection that
 * carries a forwarding header came through a proxy on this host for someone else, so it is not trusted.
 */
function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
  if (token && bearer) return timingSafeEqual(digest(bearer), digest(token));
  const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return LOOPBACK.has(req.socket.remoteAddress ?? '') && !proxied;
}

/**
 * From the drain on, work goes elsewhere: a request on a connection still open (kept alive, pipelined) gets
 * a 503 in our envelope, which the apps show, and its connection is closed. True when it answered so.
 */
export function refusedWhileDraining(node: NodeState, req: FastifyRequest, reply: FastifyReply): boolean {
  if (!node.draining || OPS_ROUTES.has(req.routeOptions.url ?? '')) return false;
  reply
    .status(503)
    .header('connection', 'close')
    .send(envelope(requestLanguage(req), Code.INTERNAL, 'restarting', null));
  return true;
}

/**
 * What a load balancer and Prometheus ask: /livez (the process answers), /readyz (send it traffic?),
 * /metrics. Only an unreachable database or a node stopping makes it unready; Redis, the feed and the
 * migrations are reported, and the node keeps serving what it can.
 */
export function opsRoutes(
  http: FastifyInstance,
  deps: { config: Config; database: Database; market: Market; trading: Trading; node: NodeState },
  { metrics, redis }: { metrics: Metrics; redis?: { ping(): Promise<string> } },
): void {
  const { config, database, market, trading, node } = deps;
  const shipped = shippedMigrations(config.migrationsDir);

  http.get('/livez', async () => ({ status: 'ok' }));

  http.get('/readyz', async (_req, reply) => {
    const [reached, redisState, migrations] = await Promise.all([
      databaseCheck(database.db),
      redisCheck(redis),
      migrationsCheck(database.db, shipped),
    ]);
    const checks = {
      database: reached,
      redis: redisState,
      feed: feedCheck(market, trading.now(), config.quoteMaxAgeMs),
      migrations,
    };
    const ready = reached.ok && !node.draining;
    const answer: Readiness = { status: ready ? 'ok' : 'fail', checks };
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(answer);
  });

  http.get('/metrics', async (req, reply) => {
    if (!mayReadMetrics(req, config.metricsToken)) return reply.callNotFound();
    return reply.header('content-type', metrics.contentType).send(await metrics.text());
  });
}
