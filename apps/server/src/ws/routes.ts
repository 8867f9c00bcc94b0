import websocket from '@fastify/websocket';
import {
  Code,
  clientMessage,
  DEFAULT_LANGUAGE,
  type Language,
  type ServerMessage,
  WS_PATH,
} from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Bus } from '../bus/bus';
import { Channel, type SessionsEndedEvent } from '../bus/channels';
import type { Db } from '../db/client';
import { requestLanguage } from '../http/lang';
import { hashToken, liveSessions, userForToken } from '../http/sessions';
import { translate } from '../i18n';
import { type Connection, type Gateway, reply, type SignedIn } from './gateway';
import type { Places } from './places';

/** A client that has sent nothing (not even a ping) for this long is gone. */
const IDLE_TIMEOUT_MS = 30_000;
/**
 * How often every signed-in connection's session is checked again. Sessions that end are announced on the
 * bus at once (`Channel.sessionsEnded`); this catches what the bus lost (Redis away) and sessions that
 * expired unused or by age.
 */
const SESSION_RECHECK_MS = 60_000;

/** Messages a connection may send per second, with this much burst; beyond it the connection is closed. */
const MESSAGES_PER_SECOND = 20;
const MESSAGE_BURST = 60;
/** Close code for a policy violation (RFC 6455). */
const POLICY_VIOLATION = 1008;

/** A token bucket per connection: refills continuously, one token per message (real messages: the wall clock). */
function messageBudget(now = Date.now) {
  let tokens = MESSAGE_BURST;
  let at = now();
  return () => {
    const t = now();
    tokens = Math.min(MESSAGE_BURST, tokens + ((t - at) / 1000) * MESSAGES_PER_SECOND);
    at = t;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

export interface SocketDeps {
  db: Db;
  gateway: Gateway;
  bus: Bus;
  /** The places each address may hold (WS_MAX_PER_IP): per node, or across nodes in Redis. */
  places: Places;
}

/**
 * The websocket at WS_PATH. The plugin is registered with the route alone: its hooks on every request and
 * response (marking and closing upgrades) would otherwise run on every API call (the trade_list benchmark).
 */
export async function websocketRoutes(parent: FastifyInstance, deps: SocketDeps): Promise<void> {
  await parent.register(async (app) => {
    await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
    socketRoute(app, deps);
  });
}

function socketRoute(app: FastifyInstance, { db, gateway, bus, places }: SocketDeps): void {
  // When each connection last sent anything, by the wall clock: idleness is real time, as the client's pings are.
  const lastSeen = new Map<Connection, number>();
  const languages = new Map<Connection, Language>();
  const sweep = setInterval(() => {
    const cutoff = Date.now() - IDLE_TIMEOUT_MS;
    for (const [conn, seen] of lastSeen) if (seen < cutoff) conn.socket.terminate();
  }, IDLE_TIMEOUT_MS / 3);
  sweep.unref();
  const recheck = (connections: Iterable<SignedIn>) => {
    void dropEndedSessions(db, gateway, connections, (conn) => languages.get(conn) ?? DEFAULT_LANGUAGE).catch(
      (err) => app.log.error({ err }, 'session recheck failed'),
    );
  };
  const everyone = setInterval(() => recheck(gateway.signedIn()), SESSION_RECHECK_MS);
  everyone.unref();
  const unsubscribe = [
    bus.subscribe(Channel.sessionsEnded, (e) => recheck(gateway.signedIn((e as SessionsEndedEvent).userId))),
    // What ended while the bus lost messages was never heard: everyone is checked at once.
    bus.onLoss(() => recheck(gateway.signedIn())),
  ];
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(everyone);
    for (const stop of unsubscribe) stop();
  });

  app.get(WS_PATH, { websocket: true }, (socket: WebSocket, req) => {
    // A client that reset its connection while the upgrade completed has no address any more (its socket's
    // peer is gone): there is no one to serve, nor an address to count its place under.
    if (!req.ip) {
      socket.terminate();
      return;
    }
    const lang = requestLanguage(req);
    // Whether the address may hold one more: the messages wait for the answer (a refused one's, for ever).
    const place = places.take(req.ip);
    const conn = gateway.add(socket);
    const allowed = messageBudget();
    lastSeen.set(conn, Date.now());
    languages.set(conn, lang);
    void place.then((release) => {
      if (!release) socket.close(POLICY_VIOLATION, 'too many connections');
    });
    socket.on('message', (data, isBinary) => {
      lastSeen.set(conn, Date.now());
      if (!allowed()) {
        socket.close(POLICY_VIOLATION, 'too many messages');
        return;
      }
      const text = isBinary ? '' : data.toString();
      void place
        .then((release) => release && handleMessage(db, gateway, conn, lang, text))
        .catch((err) => req.log.error({ err }, 'websocket message failed'));
    });
    socket.on('close', () => {
      lastSeen.delete(conn);
      languages.delete(conn);
      gateway.remove(conn);
      // Closed before the answer came: the place is given back once it does.
      void place.then((release) => release?.());
    });
    socket.on('error', () => socket.terminate());
  });
}

/** Unbinds each of `connections` whose session died since it signed in, and tells its client so. */
async function dropEndedSessions(
  db: Db,
  gateway: Gateway,
  connections: Iterable<SignedIn>,
  languageOf: (conn: Connection) => Language,
): Promise<void> {
  const bound = [...connections].map((conn) => ({ conn, session: conn.session }));
  if (bound.length === 0) return;
  const live = await liveSessions(db, [...new Set(bound.map((b) => b.session))]);
  for (const { conn, session } of bound) {
    // Signed in again (or out) while the check ran: that newer state stands.
    if (live.has(session) || conn.session !== session) continue;
    gateway.setUser(conn, null);
    if (conn.socket.readyState !== conn.socket.OPEN) continue;
    const lang = languageOf(conn);
    const message = reply('login_result', {
      code: Code.SESSION_INVALID,
      msg: translate(lang, 'session_invalid'),
    });
    conn.socket.send(JSON.stringify(message));
  }
}

async function handleMessage(db: Db, gateway: Gateway, conn: Connection, lang: Language, text: string) {
  const out = (message: ServerMessage) =>
    conn.socket.readyState === conn.socket.OPEN && conn.socket.send(JSON.stringify(message));
  if (text === 'ping') {
    conn.socket.send('pong');
    return;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = clientMessage.safeParse(json);
  if (!parsed.success) {
    out(reply('error', { code: Code.INVALID_INPUT, msg: translate(lang, 'invalid_body') }));
    return;
  }
  const message = parsed.data;
  switch (message.type) {
    case 'ping':
      out(reply('pong'));
      return;
    case 'sub': {
      const ok = gateway.subscribe(conn, message.params);
      out(
        ok
          ? reply('sub', { params: message.params })
          : reply('sub', {
              code: Code.INVALID_INPUT,
              params: message.params,
              msg: translate(lang, 'invalid_input', { field: 'params' }),
            }),
      );
      return;
    }
    case 'unsub':
      gateway.unsubscribe(conn, message.params);
      out(reply('unsub', { params: message.params }));
      return;
    case 'login': {
      const user = await userForToken(db, message.params);
      // Closed while the session was looked up: bound now, it would stay in its user's channel for ever.
      if (conn.socket.readyState !== conn.socket.OPEN) return;
      gateway.setUser(conn, user && { id: user.id, session: hashToken(message.params) });
      out(
        user
          ? reply('login_result')
          : reply('login_result', { code: Code.SESSION_INVALID, msg: translate(lang, 'session_invalid') }),
      );
      return;
    }
    case 'logout':
      gateway.setUser(conn, null);
      out(reply('logout_result'));
      return;
  }
}
