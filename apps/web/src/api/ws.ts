import {
  Code,
  type DayMarketMessage,
  dayMarketTopic,
  type KlineMessage,
  type ServerMessage,
  WS_CONNECT_TIMEOUT_MS,
  WS_MAX_MISSED_PONGS,
  WS_PATH,
  WS_PING_INTERVAL_MS,
} from '@meridian/contract';

type Listener = (message: ServerMessage) => void;
/** The message a topic carries: a kline topic its bars, one instrument's DAY_MARKET its quotes, any other the message of that type. */
export type MessageOf<T extends string> = T extends `KLINE:${string}`
  ? KlineMessage
  : T extends `DAY_MARKET:${string}`
    ? DayMarketMessage
    : Extract<ServerMessage, { type: T }>;

/**
 * The topics an incoming message belongs to: kline pushes carry their symbol and period; a quote is the same
 * message on DAY_MARKET and on its instrument's DAY_MARKET:<symbol>.
 */
function topicsOf(message: ServerMessage): string[] {
  if (message.type === 'kline') return [`KLINE:${message.symbol}:${message.kline.Period}`];
  if (message.type === 'DAY_MARKET') return [message.type, dayMarketTopic(message.symbol)];
  return [message.type];
}

/** What the trader is told about the live prices: coming in, being reconnected, or no network at all. */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'offline';

/** The first retry waits up to this long; each further one up to twice as long as the one before… */
const RETRY_BASE_MS = 1000;
/** …and never longer than this. */
const RETRY_CAP_MS = 15_000;

/**
 * How long to wait before reconnect attempt `attempt` (0 first): "full jitter", a random wait up to an
 * exponentially growing, capped ceiling, so that phones dropped together by a server restart do not all
 * come back in the same instant.
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** attempt));
}

/** WebSocket.readyState values (a test's fake socket has no static constants). */
const CONNECTING = 0;
const OPEN = 1;

/** What the socket needs from the browser; a test gives a fake WebSocket and its own events. */
export interface SocketEnvironment {
  url(): string;
  WebSocket: new (url: string) => WebSocket;
  random(): number;
  /** Where `online` and `visibilitychange` are heard (the window and the document, in the browser). */
  listen(event: 'online' | 'offline' | 'visibilitychange', handler: () => void): void;
  online(): boolean;
  visible(): boolean;
}

function browserEnvironment(): SocketEnvironment {
  const hasWindow = typeof window !== 'undefined';
  return {
    url: defaultUrl,
    WebSocket: globalThis.WebSocket,
    random: Math.random,
    listen(event, handler) {
      if (!hasWindow) return;
      if (event === 'visibilitychange') document.addEventListener(event, handler);
      else window.addEventListener(event, handler);
    },
    online: () => !hasWindow || navigator.onLine !== false,
    visible: () => !hasWindow || document.visibilityState === 'visible',
  };
}

/**
 * The one websocket of the app (SPEC.md §7, §9): ping every 5 s, reconnect when more than 2 pings go
 * unanswered or a connect takes over 5 s, topics counted per listener, everything resent after a reconnect.
 * Retries back off with jitter, wait while the device is offline, and are cut short when the network or
 * the app (back in the foreground) comes back.
 */
export class Socket {
  private ws: WebSocket | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly stateListeners = new Set<() => void>();
  private token: string | null = null;
  private missedPongs = 0;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  /** Opened at least once: a later loss is a reconnect, not the first connect. */
  private wasOpen = false;
  private readonly env: SocketEnvironment;
  /** Set when the server accepted the login message (login_result with code 1). */
  loggedIn = false;
  state: ConnectionState;

  constructor(env: Partial<SocketEnvironment> = {}) {
    this.env = { ...browserEnvironment(), ...env };
    this.state = this.env.online() ? 'connecting' : 'offline';
    this.env.listen('online', () => this.wake());
    this.env.listen('offline', () => this.settle());
    this.env.listen('visibilitychange', () => {
      if (this.env.visible()) this.wake();
    });
  }

  /** Hears each change of `state`; returns the way to stop hearing it. */
  onState(listener: () => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Opens the socket if it is not open or opening. */
  open(): void {
    if (this.ws && this.ws.readyState <= OPEN) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const ws = new this.env.WebSocket(this.env.url());
    this.ws = ws;
    this.connectTimer = setTimeout(() => this.reconnect(), WS_CONNECT_TIMEOUT_MS);
    ws.onopen = () => {
      clearTimeout(this.connectTimer);
      this.retries = 0;
      this.missedPongs = 0;
      this.wasOpen = true;
      for (const topic of this.listeners.keys())
        if (isServerTopic(topic)) this.send({ type: 'sub', params: topic });
      if (this.token) this.send({ type: 'login', params: this.token });
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.ping(), WS_PING_INTERVAL_MS);
      this.settle();
    };
    ws.onmessage = (event) => this.receive(String(event.data));
    ws.onclose = () => {
      if (this.ws === ws) this.scheduleRetry();
    };
    this.settle();
  }

  /** Listens to a topic; the first listener subscribes and the last one to leave unsubscribes. */
  subscribe<T extends string>(topic: T, onMessage: (message: MessageOf<T>) => void): () => void {
    // The topic decides the message type (topicsOf): a listener only ever gets its topic's messages.
    const listener = onMessage as Listener;
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
      if (isServerTopic(topic)) this.send({ type: 'sub', params: topic });
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(topic);
      if (!current?.delete(listener) || current.size > 0) return;
      this.listeners.delete(topic);
      if (isServerTopic(topic)) this.send({ type: 'unsub', params: topic });
    };
  }

  /**
   * Hears each time the server accepts the login (at sign-in and after every reconnect). The account's pushes
   * reach this socket only from then on: what changed before (a fill, a notification) had no push, so a
   * screen that keeps account data live reads it again here.
   */
  onAccountPushes(listener: () => void): () => void {
    return this.subscribe('login_result', (message) => {
      if (message.code === Code.OK) listener();
    });
  }

  login(token: string): void {
    this.token = token;
    this.send({ type: 'login', params: token });
  }

  logout(): void {
    this.token = null;
    this.loggedIn = false;
    this.send({ type: 'logout' });
  }

  close(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.connectTimer);
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const ws = this.ws;
    this.ws = null;
    ws?.close();
  }

  private ping(): void {
    if (this.missedPongs >= WS_MAX_MISSED_PONGS) {
      this.reconnect();
      return;
    }
    this.missedPongs += 1;
    this.ws?.send('ping');
  }

  private receive(text: string): void {
    if (text === 'pong') {
      this.missedPongs = 0;
      return;
    }
    let message: ServerMessage;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.type === 'pong') {
      this.missedPongs = 0;
      return;
    }
    if (message.type === 'login_result') this.loggedIn = message.code === 1;
    for (const topic of topicsOf(message))
      for (const listener of this.listeners.get(topic) ?? []) listener(message);
  }

  private send(message: object): void {
    if (this.ws?.readyState === OPEN) this.ws.send(JSON.stringify(message));
  }

  private reconnect(): void {
    const ws = this.ws;
    this.ws = null;
    clearInterval(this.pingTimer);
    clearTimeout(this.connectTimer);
    ws?.close();
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    this.ws = null;
    this.loggedIn = false;
    clearInterval(this.pingTimer);
    // A socket closed while connecting must not be "timed out" later, closing the next one.
    clearTimeout(this.connectTimer);
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    // Offline, a retry cannot succeed: the online event opens the socket again.
    if (this.env.online()) {
      this.retryTimer = setTimeout(() => this.open(), retryDelay(this.retries, this.env.random));
      this.retries += 1;
    }
    this.settle();
  }

  /** Back online or in the foreground: a socket that is not open is opened now, not at its next retry. */
  private wake(): void {
    if (this.ws?.readyState === OPEN || !this.env.online()) {
      this.settle();
      return;
    }
    // An attempt begun before the network came back may hang until its time-out: start afresh.
    if (this.ws?.readyState === CONNECTING) {
      const stale = this.ws;
      this.ws = null;
      clearTimeout(this.connectTimer);
      stale.onclose = null;
      stale.close();
    }
    this.retries = 0;
    this.open();
  }

  /** Works out `state` from the network and the socket, and tells the listeners when it changed. */
  private settle(): void {
    const state: ConnectionState = !this.env.online()
      ? 'offline'
      : this.ws?.readyState === OPEN
        ? 'live'
        : this.wasOpen
          ? 'reconnecting'
          : 'connecting';
    if (state === this.state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener();
  }
}

/** Local topics (login_result) are listened to without a server subscription. */
function isServerTopic(topic: string): boolean {
  return topic !== 'login_result';
}

function defaultUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${WS_PATH}`;
}

export const socket = new Socket();
