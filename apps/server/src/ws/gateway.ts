import type { Socket } from 'node:net';
import {
  Code,
  DAY_MARKET_SNAPSHOT_MS,
  type DayMarketMessage,
  dayMarketTopic,
  type ServerMessage,
  Topic,
} from '@meridian/contract';
import type WebSocket from 'ws';
import * as wsModule from 'ws';
import { addTo, removeFrom } from '../util/multimap';

/** A client that has this many bytes waiting is behind: market data for it is dropped until it drains. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** A client behind for this long is closed; it reconnects and resubscribes when it can keep up. */
const MAX_BEHIND_MS = 10_000;
const MAX_TOPICS_PER_CONNECTION = 200;
const MAX_TOPIC_LENGTH = 64;

export interface Connection {
  socket: WebSocket;
  /** The TCP socket under it, written to directly with prepared frames; null when ws must frame. */
  raw: Socket | null;
  topics: Set<string>;
  userId: number | null;
  /** The hash of the token the user signed in with, re-checked while the connection lives. */
  session: string | null;
  behindSince: number | null;
}

/** A connection bound to a user by the session it signed in with. */
export type SignedIn = Connection & { session: string };

/** A message serialized and framed once, written as is to every subscriber. */
interface Prepared {
  /** The UTF-8 JSON, for a connection whose frames ws must build itself. */
  payload: Buffer;
  /** The whole unmasked text frame (RFC 6455 header and payload). */
  frame: Buffer;
}

type Frame = (data: Buffer, options: object) => Buffer[];
// ws's own export (untyped): `WebSocket.Sender` is set only once ws's CommonJS entry has run, which no import here guarantees.
const frameOf: Frame = (wsModule as unknown as { Sender: { frame: Frame } }).Sender.frame;

function prepare(message: ServerMessage): Prepared {
  const payload = Buffer.from(JSON.stringify(message));
  const frame = Buffer.concat(
    frameOf(payload, { fin: true, opcode: 1, mask: false, readOnly: true, rsv1: false }),
  );
  return { payload, frame };
}

/**
 * The socket under a server websocket when prepared frames may go straight onto it: no extension
 * (permessage-deflate would have to compress each frame). ws then writes each of its own frames whole
 * and at once, so frames written beside it never interleave with them.
 */
function rawSocket(socket: WebSocket): Socket | null {
  const raw = (socket as unknown as { _socket?: Socket })._socket;
  return raw && socket.extensions === '' ? raw : null;
}

/**
 * Websocket fan-out: topic subscriptions and per-user channels. Each message is serialized and framed
 * once, and the same bytes go to every subscriber. Writes made in one turn of the event loop (a tick's
 * quote and its candles, a burst of ticks) leave each socket in one system call: a connection is corked
 * on its first write of the turn and uncorked once the turn's publishing is over.
 */
export class Gateway {
  private readonly byTopic = new Map<string, Set<Connection>>();
  private readonly byUser = new Map<number, Set<Connection>>();
  readonly connections = new Set<Connection>();
  private corked: Socket[] = [];
  /** The latest quote of each instrument that ticked since the last DAY_MARKET_SNAPSHOT, by symbol. */
  private readonly unsent = new Map<string, DayMarketMessage['quotation']>();
  private snapshotTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the last DAY_MARKET_SNAPSHOT went out, by `now`. */
  private snapshotAt = Number.NEGATIVE_INFINITY;
  private watching: (userId: number, watched: boolean) => void = () => {};

  // The wall clock: how long a client has been behind is real time, as its socket's buffer drains in it.
  constructor(private readonly now: () => number = Date.now) {}

  add(socket: WebSocket): Connection {
    const conn: Connection = {
      socket,
      raw: rawSocket(socket),
      topics: new Set(),
      userId: null,
      session: null,
      behindSince: null,
    };
    this.connections.add(conn);
    return conn;
  }

  /** Closes every connection with `code` (a node stopping: 1012, so clients reconnect to another node). */
  closeAll(code: number, reason: string): void {
    for (const conn of this.connections) conn.socket.close(code, reason);
  }

  remove(conn: Connection): void {
    for (const topic of conn.topics) this.unsubscribe(conn, topic);
    this.setUser(conn, null);
    this.connections.delete(conn);
  }

  subscribe(conn: Connection, topic: string): boolean {
    if (!topic || topic.length > MAX_TOPIC_LENGTH || conn.topics.size >= MAX_TOPICS_PER_CONNECTION)
      return false;
    conn.topics.add(topic);
    addTo(this.byTopic, topic, conn);
    return true;
  }

  unsubscribe(conn: Connection, topic: string): void {
    conn.topics.delete(topic);
    removeFrom(this.byTopic, topic, conn);
  }

  /** Binds the connection to a signed-in user's channel (or unbinds it, with null). */
  setUser(conn: Connection, user: { id: number; session: string } | null): void {
    const was = conn.userId;
    if (was !== null) {
      removeFrom(this.byUser, was, conn);
      if (!this.byUser.has(was)) this.watching(was, false);
    }
    conn.userId = user?.id ?? null;
    conn.session = user?.session ?? null;
    if (user) {
      const first = !this.byUser.has(user.id);
      addTo(this.byUser, user.id, conn);
      if (first) this.watching(user.id, true);
    }
  }

  /** Tells `listener` when a user's first connection signs in and when their last one leaves. */
  onWatching(listener: (userId: number, watched: boolean) => void): void {
    this.watching = listener;
  }

  /** The users signed in on this node's connections. */
  watchedUsers(): number[] {
    return [...this.byUser.keys()];
  }

  /** Connections bound to a user's channel: every user's, or `userId`'s alone. */
  *signedIn(userId?: number): Iterable<SignedIn> {
    const sets = userId === undefined ? this.byUser.values() : [this.byUser.get(userId) ?? []];
    for (const set of sets) {
      for (const conn of set) if (conn.session !== null) yield conn as SignedIn;
    }
  }

  subscriberCount(topic: string): number {
    return this.byTopic.get(topic)?.size ?? 0;
  }

  /**
   * Market data: a client that is behind misses this one (the next quote supersedes it). A quote also
   * reaches the clients that follow its instrument alone (DAY_MARKET:<symbol>), with the same bytes: the
   * bus carries each quote once; and the next DAY_MARKET_SNAPSHOT, for those following the market list.
   */
  publish(topic: string, message: ServerMessage): void {
    if (message.type === 'DAY_MARKET') this.forSnapshot(message);
    const all = this.byTopic.get(topic);
    const one = message.type === 'DAY_MARKET' ? this.byTopic.get(dayMarketTopic(message.symbol)) : undefined;
    if (!all?.size && !one?.size) return;
    const prepared = prepare(message);
    for (const conn of all ?? []) this.sendDroppable(conn, prepared);
    for (const conn of one ?? []) this.sendDroppable(conn, prepared);
  }

  /**
   * Keeps a quote for the next DAY_MARKET_SNAPSHOT, while anyone follows it: the latest of each instrument,
   * sent DAY_MARKET_SNAPSHOT_MS after the last snapshot (at once when that is longer ago).
   */
  private forSnapshot({ symbol, quotation }: DayMarketMessage): void {
    if (!this.byTopic.get(Topic.DAY_MARKET_SNAPSHOT)?.size) return;
    this.unsent.set(symbol, quotation);
    if (this.snapshotTimer) return;
    const wait = Math.max(0, this.snapshotAt + DAY_MARKET_SNAPSHOT_MS - this.now());
    this.snapshotTimer = setTimeout(this.sendSnapshot, wait);
    this.snapshotTimer.unref?.();
  }

  private readonly sendSnapshot = () => {
    this.snapshotTimer = undefined;
    this.snapshotAt = this.now();
    const quotation = [...this.unsent].map(([symbol, quote]) => ({ symbol, quotation: quote }));
    this.unsent.clear();
    const followers = this.byTopic.get(Topic.DAY_MARKET_SNAPSHOT);
    if (!followers?.size) return;
    const prepared = prepare({ type: 'DAY_MARKET_SNAPSHOT', code: Code.OK, quotation });
    for (const conn of followers) this.sendDroppable(conn, prepared);
  };

  /** Account messages go to every connection of the user and are never dropped. */
  sendToUser(userId: number, message: ServerMessage): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    const prepared = prepare(message);
    for (const conn of set) this.send(conn, prepared);
  }

  private sendDroppable(conn: Connection, prepared: Prepared): void {
    if (conn.socket.bufferedAmount <= MAX_BUFFERED_BYTES) {
      conn.behindSince = null;
      this.send(conn, prepared);
      return;
    }
    const now = this.now();
    conn.behindSince ??= now;
    if (now - conn.behindSince > MAX_BEHIND_MS) conn.socket.terminate();
  }

  private send(conn: Connection, prepared: Prepared): void {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    const { raw } = conn;
    if (!raw || raw.destroyed) {
      conn.socket.send(prepared.payload, { binary: false });
      return;
    }
    if (raw.writableCorked === 0) {
      raw.cork();
      if (this.corked.length === 0) setImmediate(this.uncork);
      this.corked.push(raw);
    }
    raw.write(prepared.frame);
  }

  private readonly uncork = () => {
    const corked = this.corked;
    this.corked = [];
    for (const raw of corked) raw.uncork();
  };
}

type Answer = Extract<
  ServerMessage,
  { type: 'pong' | 'sub' | 'unsub' | 'login_result' | 'logout_result' | 'error' }
>;

/** The server's answer to a client message: done, unless a code and msg say otherwise. */
export const reply = (
  type: Answer['type'],
  extra: { code?: number; msg?: string; params?: string } = {},
): Answer => ({ type, code: Code.OK, ...extra });
