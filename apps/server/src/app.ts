import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { Code, FALLBACK_LANGUAGE } from '@meridian/contract';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { accountRoutes, createDelivery } from './accounts';
import {
  adminAuthRoutes,
  adminExportRoutes,
  adminSettingsRoutes,
  adminUserRoutes,
  approvalRoutes,
  instrumentRoutes,
  operatorRoutes,
  reconcileRoutes,
  recordRoutes,
  reportRoutes,
  riskRoutes,
} from './admin';
import { alertsRoutes } from './alerts';
import { Channel, type TopicEvent, type UserEvent, userChannelOf } from './bus/channels';
import { contentAdminRoutes, contentRoutes } from './content';
import { copyingRoutes } from './copying';
import type { AppDeps, Deps } from './deps';
import { apiDocsRoutes } from './docs';
import { fundingAdminRoutes, fundingRoutes } from './funding';
import { checkAnswers } from './http/answers';
import { AppError } from './http/errors';
import { requestLanguage } from './http/lang';
import { envelope } from './http/route';
import { securityHeaders } from './http/security-headers';
import { inviteRoutes } from './invite';
import { kycRoutes } from './kyc';
import { marketRoutes } from './market';
import { notificationsRoutes } from './notifications';
import { requireOperatorTotp } from './operators';
import { createMetrics, opsRoutes, refusedWhileDraining, timeRequests } from './ops';
import { preferencesRoutes } from './preferences';
import { settingsRoutes, supportFraming } from './settings';
import { statementRoutes } from './statements';
import { tradingRoutes } from './trading';
import { uploadRoutes } from './uploads';
import { watchlistRoutes } from './watchlist';
import { Gateway, nodePlaces, sharedPlaces, tellPresence, websocketRoutes } from './ws';

export interface App {
  http: FastifyInstance;
  gateway: Gateway;
  /** Every route registered, so a test can hold them against the API document. */
  routes: readonly { method: string; url: string }[];
}

/** Each area registers its routes; a new area adds itself here. */
const MODULES: ((http: FastifyInstance, deps: Deps) => void | Promise<void>)[] = [
  apiDocsRoutes,
  contentRoutes,
  contentAdminRoutes,
  inviteRoutes,
  preferencesRoutes,
  watchlistRoutes,
  copyingRoutes,
  alertsRoutes,
  notificationsRoutes,
  settingsRoutes,
  statementRoutes,
  accountRoutes,
  marketRoutes,
  tradingRoutes,
  adminAuthRoutes,
  fundingRoutes,
  uploadRoutes,
  fundingAdminRoutes,
  kycRoutes,
  operatorRoutes,
  adminUserRoutes,
  riskRoutes,
  instrumentRoutes,
  approvalRoutes,
  adminSettingsRoutes,
  recordRoutes,
  reconcileRoutes,
  reportRoutes,
  adminExportRoutes,
];

const API_PREFIXES = ['/api/', '/v1/', '/admin/api/'];
/** The operations endpoints (ops/routes.ts) and names a probe may try: never the web app's page. */
const OPS_PATHS = new Set([
  '/livez',
  '/readyz',
  '/metrics',
  '/health',
  '/healthz',
  '/api',
  '/v1',
  '/admin/api',
]);
/** The API reference page is a document; the rest under these prefixes answers JSON. */
const isApiPath = (url: string) =>
  OPS_PATHS.has(url) ||
  (API_PREFIXES.some((prefix) => url.startsWith(prefix)) && !url.startsWith('/api/docs'));
const isAdminPath = (url: string) => url === '/admin' || url.startsWith('/admin/');

/** Built assets have hashed names and never change; the HTML that names them must always be re-read. */
const cacheHeaders = (res: { setHeader(name: string, value: string): unknown }, filePath: string) => {
  const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
  res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
};

/**
 * A request Node could not parse (headers over 16 KB, a malformed request line, one too slow to arrive)
 * is answered in our envelope, as every other refusal is, and its connection closed. Nothing of it was
 * read, its language included.
 */
function answerUnparsable(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(envelope(FALLBACK_LANGUAGE, Code.INVALID_INPUT, 'invalid_body', null));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** The whole HTTP and websocket surface; `main.ts` listens on it, tests inject into it. */
export async function buildApp(appDeps: AppDeps): Promise<App> {
  const { config, database } = appDeps;
  const db = database.db;
  // A request's id only ties its log lines together: this node's random id and a count, unique across
  // nodes and restarts without a UUID's random draw per request (about 1 µs of trade_list's answer).
  const node = appDeps.node.id;
  let requests = 0;
  const http = Fastify({
    // The node's logger. Silent: Fastify's null logger instead, which also spares every request a pino child
    // and the response listeners that only time it for the log (trade_list: about 4 of the server's ~40 µs).
    ...(config.logLevel === 'silent'
      ? { logger: false }
      : { loggerInstance: appDeps.log as FastifyBaseLogger }),
    genReqId: () => `${node}-${(++requests).toString(36)}`,
    // A hop count trusts the nearest N peers whoever they are: only for a server reachable through its proxies alone.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request on a connection still open while the node stops gets our envelope (ops/routes.ts), not Fastify's own body.
    return503OnClosing: false,
    clientErrorHandler: answerUnparsable,
  });
  const gateway = new Gateway();
  // Production mode: every operator signs in with a second factor, enrolled at the first sign-in.
  requireOperatorTotp(db, Boolean(config.databaseUrl));
  checkAnswers(db, config.checkAnswers);

  const framing = supportFraming(db);
  http.addHook('onClose', async () => framing.stop());
  const setSecurityHeaders = securityHeaders(
    (frameSrc) => ({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // 'self' takes in the websocket of this same host (CSP 3): no other host is reached.
          connectSrc: ["'self'"],
          // The installable app's service worker (/sw.js).
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          frameSrc,
          frameAncestors: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
    isApiPath,
    () => framing.sources,
  );
  const answerTimes = timeRequests(http);
  // One hook for what every request meets first: each Fastify hook costs every request a few µs (the
  // trade_list benchmark: a tenth of the list's answer), so the clock, the headers and the drain share it.
  http.addHook('onRequest', (req, reply, done) => {
    answerTimes.start(req);
    setSecurityHeaders(req, reply);
    if (!refusedWhileDraining(appDeps.node, req, reply)) done();
  });
  // Same-origin calls need no CORS answer: without allowed origins the plugin's hook would run on every request for nothing.
  if (config.corsOrigins.length > 0) await http.register(cors, { origin: config.corsOrigins });
  // Ceilings are per route (http/limits.ts), websocket places per address (ws/places.ts); across nodes both
  // are counted in Redis, under this deployment's prefix.
  const ceilings = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        // Not queued while disconnected: the ceiling is skipped, and the place counted in the node, at once.
        enableOfflineQueue: false,
        keyPrefix: config.redisPrefix,
      })
    : undefined;
  const places = ceilings
    ? sharedPlaces(ceilings, {
        max: config.wsMaxPerIp,
        node,
        onFallback: (err) => appDeps.redisState?.fellBack(err),
      })
    : nodePlaces(config.wsMaxPerIp);
  if (ceilings) appDeps.redisState?.watch('request ceilings and websocket places', ceilings);
  http.addHook('onClose', async () => {
    // The places first: a stopping node gives its places back over this connection.
    await places.stop();
    ceilings?.disconnect();
  });
  // Redis away: the ceilings are skipped rather than every request refused (sign-in and codes keep their own
  // throttles, counted in the node meanwhile: http/throttle.ts `withFallback`).
  await http.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(ceilings ? { redis: ceilings } : {}),
  });
  await http.register(formbody);
  // A body of any other type is ignored; the contract then refuses what is missing.
  http.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));

  http.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = requestLanguage(req);
    if (err instanceof AppError) {
      return reply.status(err.httpStatus).send(envelope(lang, err.code, err.key, err.data, err.params));
    }
    if (err.statusCode === 429) {
      return reply.status(429).send(envelope(lang, Code.RATE_LIMITED, 'rate_limited', null));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send(envelope(lang, Code.INVALID_INPUT, 'invalid_body', null));
    }
    req.log.error({ err, reqId: req.id }, 'unexpected error');
    return reply.status(500).send(envelope(lang, Code.INTERNAL, 'internal', null));
  });

  const hasWeb = existsSync(path.join(config.webDist, 'index.html'));
  const hasAdmin = existsSync(path.join(config.adminDist, 'index.html'));
  http.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const page = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(url) && !path.extname(url);
    // History-mode routing: a deep link such as /mine/charge or /admin/users loads its app, which routes it.
    if (page && isAdminPath(url)) {
      if (hasAdmin) return reply.header('cache-control', 'no-cache').sendFile('index.html', config.adminDist);
    } else if (page && hasWeb) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(envelope(requestLanguage(req), Code.NOT_FOUND, 'not_found', null));
  });

  const deps: Deps = { ...appDeps, delivery: createDelivery(config, db, http.log, appDeps.now) };
  const metrics = createMetrics({ ...deps, gateway, answerTimes });
  opsRoutes(http, deps, { metrics, redis: ceilings });
  const routes: { method: string; url: string }[] = [];
  http.addHook('onRoute', ({ method, url }) => {
    for (const one of [method].flat()) if (one !== 'HEAD') routes.push({ method: one, url });
  });
  for (const register of MODULES) await register(http, deps);
  await websocketRoutes(http, { db, gateway, bus: deps.bus, places });
  const unsubscribe = [
    deps.bus.subscribe(Channel.topic, (e) =>
      gateway.publish((e as TopicEvent).topic, (e as TopicEvent).message),
    ),
    ...[Channel.user, userChannelOf(deps.node.id)].map((channel) =>
      deps.bus.subscribe(channel, (e) =>
        gateway.sendToUser((e as UserEvent).userId, (e as UserEvent).message),
      ),
    ),
    tellPresence(gateway, deps.bus, deps.node.id),
  ];
  http.addHook('onClose', async () => {
    for (const stop of unsubscribe) stop();
  });

  if (hasWeb) {
    await http.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      // The web build writes .br and .gz beside each text file (apps/web/vite.config.ts), found by name when
      // the file is asked for: they need no routes of their own (260 of the 530 files, 520 routes to build).
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // `send` would overwrite the headers set below with its own `public, max-age=0`.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        cacheHeaders(res, filePath);
        // The service worker is checked for updates on every visit and always revalidated.
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        if (name === 'sw.js' || name.startsWith('workbox-')) {
          res.setHeader('content-type', 'text/javascript; charset=utf-8');
          res.setHeader('cache-control', 'no-cache, no-store, must-revalidate');
          res.setHeader('service-worker-allowed', '/');
        }
        if (name.endsWith('.webmanifest')) res.setHeader('content-type', 'application/manifest+json');
      },
    });
  }
  if (hasAdmin) {
    await http.register(fastifyStatic, {
      root: config.adminDist,
      prefix: '/admin/',
      wildcard: false,
      index: false,
      decorateReply: !hasWeb,
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
  }

  return { http, gateway, routes };
}
