import { adminEndpoints } from '@meridian/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Bus } from '../bus/bus';
import type { Database, Db } from '../db/client';
import { adminRoute, operatorForToken } from '../operators';
import type { Trading } from '../trading';
import { accountsAtRisk, exposure, riskSnapshot } from './exposure';
import { RiskFeed, type RiskSnapshot } from './risk-live';

/** A comment line this often keeps proxies from closing a quiet stream, and re-checks the operator's session. */
const HEARTBEAT_MS = 15_000;

/** What a handler returns once it has hijacked the reply: never sent, never checked. */
const HIJACKED = null as never;

const wantsStream = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/event-stream');

/**
 * Server-sent events: `event: risk` with the snapshot as data on every change. Ends when the operator's
 * session does (revoked, disabled) or the server closes.
 */
function stream(
  db: Db,
  feed: RiskFeed,
  token: string,
  req: FastifyRequest,
  reply: FastifyReply,
  streams: Set<() => void>,
) {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 2000\n\n');
  const send = (snapshot: RiskSnapshot) => res.write(`event: risk\ndata: ${JSON.stringify(snapshot)}\n\n`);
  const stopWatching = feed.watch(send);
  let heartbeat: NodeJS.Timeout | undefined;
  const end = () => {
    if (!streams.delete(end)) return;
    clearInterval(heartbeat);
    stopWatching();
    res.end();
  };
  heartbeat = setInterval(async () => {
    const operator = await operatorForToken(db, token).catch(() => undefined);
    if (operator === null) end();
    else res.write(': live\n\n');
  }, HEARTBEAT_MS);
  streams.add(end);
  req.raw.on('close', end);
}

/**
 * The risk desk: exposure per instrument and accounts at risk, each as a one-off read, and `risk/live`,
 * both together, pushed as server-sent events whenever the bus reports an order or a price change
 * (asked with `Accept: text/event-stream`; without it, one snapshot in the usual envelope).
 */
export function riskRoutes(
  app: FastifyInstance,
  {
    database: { db },
    now,
    trading,
    bus,
  }: { database: Database; now: () => number; trading: Trading; bus: Bus },
): void {
  const feed = new RiskFeed(db, trading, bus, now);
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
    feed.close();
  });

  adminRoute(app, db, adminEndpoints.riskExposure, async () => exposure(db, trading));

  adminRoute(app, db, adminEndpoints.riskAccounts, async () => accountsAtRisk(db, trading));

  adminRoute(app, db, adminEndpoints.riskLive, async ({ req, reply, token }) => {
    if (wantsStream(req)) {
      stream(db, feed, token, req, reply, streams);
      // Hijacked: the events are the answer, and nothing is sent after them.
      return HIJACKED;
    }
    return { ...(await riskSnapshot(db, trading)), at: new Date(now()).toISOString() };
  });
}
