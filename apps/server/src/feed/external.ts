import { isDecimalText } from '@meridian/core';
import WebSocket from 'ws';
import { z } from 'zod';
import type { FeedInstrument, PriceFeed, Tick } from './feed';

/** Reconnect delays double from the first to the last. */
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;
/** A provider silent this long (no tick, no heartbeat) is presumed gone and the connection is replaced. */
const SILENCE_LIMIT_MS = 15_000;

const price = z.string().refine((p) => isDecimalText(p) && !p.startsWith('-'), 'decimal text');
const quoted = {
  symbol: z.string().min(1).max(32),
  time: z.number().int().positive(),
  volume: z.number().int().positive().default(1),
};

/** Messages a provider sends (docs/feed-protocol.md): v1 `tick` with one price, v2 `quote` with a bid and an ask. */
const providerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tick'), price, ...quoted }),
  z.object({ type: z.literal('quote'), bid: price, ask: price, ...quoted }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);

/** The node's logger, as the feed uses it (pino's argument order: details, then the event). */
export interface FeedLog {
  info(detail: object, event: string): void;
  warn(detail: object, event: string): void;
}

const quiet: FeedLog = { info: () => {}, warn: () => {} };

export interface ExternalFeedOptions {
  /** The providers, most preferred first. */
  urls: string[];
  /** Told about connection changes and switches between providers (info), refused messages and errors (warn). */
  log?: FeedLog;
  /** A provider silent this long hands the lead to the next live one. */
  failoverMs?: number;
  now?: () => number;
}

/**
 * Past the 5 s within which a provider must send something (docs/feed-protocol.md), and well before a
 * quote goes stale (QUOTE_MAX_AGE, 10 s): the next provider's ticks arrive while quotes are still fresh.
 */
export const FAILOVER_MS = 6_000;

/** Which provider leads: the first one heard from within `failoverMs`; -1 when none is. */
export function leadingProvider(lastHeard: readonly number[], now: number, failoverMs: number): number {
  return lastHeard.findIndex((heard) => now - heard < failoverMs);
}

/**
 * Adapter for price providers speaking the JSON-over-websocket protocol of docs/feed-protocol.md. Every
 * provider is connected at once; ticks are taken from the first one that is live (hot standby), so a
 * provider going quiet is replaced before quotes go stale, and the preferred one leads again once it is back.
 */
export class ExternalFeed implements PriceFeed {
  private links: ProviderLink[] = [];
  private leader = -1;

  constructor(private readonly options: ExternalFeedOptions) {}

  start(instruments: FeedInstrument[], onTick: (tick: Tick) => void): void {
    const log = this.options.log ?? quiet;
    // The wall clock by default: a provider's silence is real time, as its heartbeat's on the wire.
    const now = this.options.now ?? Date.now;
    const failoverMs = this.options.failoverMs ?? FAILOVER_MS;
    const symbols = instruments.map((i) => i.symbol);
    this.links = this.options.urls.map((url, source) => {
      const link = new ProviderLink(url, log, now, (tick) => {
        const leader = leadingProvider(
          this.links.map((l) => l.lastHeard),
          now(),
          failoverMs,
        );
        if (leader !== this.leader) {
          log.info({ provider: leader, was: this.leader }, 'feed provider leads');
          this.leader = leader;
        }
        if (leader === source) onTick({ ...tick, source });
      });
      link.start(symbols);
      return link;
    });
  }

  async stop(): Promise<void> {
    for (const link of this.links) link.stop();
    this.links = [];
    this.leader = -1;
  }
}

/** One provider's connection: connects, subscribes, notices silence and reconnects with backoff. */
class ProviderLink {
  private socket: WebSocket | undefined;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** When it last sent anything (a tick, a heartbeat), by our clock; 0 before it has. */
  lastHeard = 0;

  constructor(
    private readonly url: string,
    private readonly log: FeedLog,
    private readonly now: () => number,
    private readonly onTick: (tick: Tick) => void,
  ) {}

  start(symbols: string[]): void {
    const { log } = this;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    const heard = () => {
      this.lastHeard = this.now();
      clearTimeout(this.silenceTimer);
      this.silenceTimer = setTimeout(() => socket.terminate(), SILENCE_LIMIT_MS);
      this.silenceTimer.unref();
    };
    socket.on('open', () => {
      log.info({ url: this.url }, 'feed connected');
      this.retryMs = FIRST_RETRY_MS;
      heard();
      socket.send(JSON.stringify({ type: 'subscribe', symbols }));
    });
    socket.on('message', (data, isBinary) => {
      heard();
      const parsed = providerMessage.safeParse(isBinary ? undefined : parseJson(data.toString()));
      if (!parsed.success)
        return log.warn({ message: data.toString().slice(0, 200) }, 'feed message refused');
      const message = parsed.data;
      if (message.type === 'tick' || message.type === 'quote') this.onTick(message);
      else if (message.type === 'error') log.warn({ message: message.message }, 'feed error');
    });
    socket.on('error', (err) => log.warn({ error: err.message }, 'feed socket error'));
    socket.on('close', () => {
      clearTimeout(this.silenceTimer);
      this.lastHeard = 0;
      if (this.stopped || this.socket !== socket) return;
      log.warn({ url: this.url, retryInMs: this.retryMs }, 'feed disconnected');
      this.retryTimer = setTimeout(() => this.start(symbols), this.retryMs);
      this.retryTimer.unref();
      this.retryMs = Math.min(LAST_RETRY_MS, this.retryMs * 2);
    });
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.silenceTimer);
    this.socket?.terminate();
    this.socket = undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
