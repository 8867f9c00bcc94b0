import {
  type KlineMessage,
  type ServerMessage,
  WS_CONNECT_TIMEOUT_MS,
  WS_MAX_MISSED_PONGS,
  WS_PATH,
  WS_PING_INTERVAL_MS,
} from '@meridian/contract';

type Listener = (message: ServerMessage) => void;
/** The message a topic carries: a kline topic its bars, any other the message of that type. */
export type MessageOf<T extends string> = T extends `KLINE:${string}`
  ? KlineMessage
  : Extract<ServerMessage, { type: T }>;

/** The topic an incoming message belongs to: kline pushes carry their symbol and period. */
function topicOf(message: ServerMessage): string {
  return message.type === 'kline' ? `KLINE:${message.symbol}:${message.kline.Period}` : message.type;
}

/**
 * The one websocket of the app (SPEC.md §7, §9): ping every 5 s, reconnect when more than 2 pings go
 * unanswered or a connect takes over 5 s, topics counted per listener, everything resent after a reconnect.
 */
export class Socket {
  private ws: WebSocket | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  private token: string | null = null;
  private missedPongs = 0;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  /** Set when the server accepted the login message (login_result with code 1). */
  loggedIn = false;

  constructor(private readonly url: () => string = defaultUrl) {}

  /** Opens the socket if it is not open or opening. */
  open(): void {
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    clearTimeout(this.retryTimer);
    const ws = new WebSocket(this.url());
    this.ws = ws;
    this.connectTimer = setTimeout(() => this.reconnect(), WS_CONNECT_TIMEOUT_MS);
    ws.onopen = () => {
      clearTimeout(this.connectTimer);
      this.retries = 0;
      this.missedPongs = 0;
      for (const topic of this.listeners.keys())
        if (isServerTopic(topic)) this.send({ type: 'sub', params: topic });
      if (this.token) this.send({ type: 'login', params: this.token });
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.ping(), WS_PING_INTERVAL_MS);
    };
    ws.onmessage = (event) => this.receive(String(event.data));
    ws.onclose = () => {
      if (this.ws === ws) this.scheduleRetry();
    };
  }

  /** Listens to a topic; the first listener subscribes and the last one to leave unsubscribes. */
  subscribe<T extends string>(topic: T, onMessage: (message: MessageOf<T>) => void): () => void {
    // The topic decides the message type (topicOf): a listener only ever gets its topic's messages.
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
    for (const listener of this.listeners.get(topicOf(message)) ?? []) listener(message);
  }

  private send(message: object): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
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
    clearTimeout(this.retryTimer);
    const delay = Math.min(1000 * 2 ** this.retries, 10_000);
    this.retries += 1;
    this.retryTimer = setTimeout(() => this.open(), delay);
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
