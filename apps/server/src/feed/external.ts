import { isDecimalText } from '@meridian/core';
import WebSocket from 'ws';
import { z } from 'zod';
import type { FeedInstrument, PriceFeed, Tick } from './feed';

/** Reconnect delays double from the first to the last. */
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;
/** A provider silent this long (no tick, no heartbeat) is presumed gone and the connection is replaced. */
const SILENCE_LIMIT_MS = 15_000;

/** Messages a provider sends (docs/feed-protocol.md). */
const providerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('tick'),
    symbol: z.string().min(1).max(32),
    price: z.string().refine((p) => isDecimalText(p) && !p.startsWith('-'), 'decimal text'),
    time: z.number().int().positive(),
    volume: z.number().int().positive().default(1),
  }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);

export interface ExternalFeedOptions {
  url: string;
  /** Told about connection changes and refused messages. */
  log?: (event: string, detail?: unknown) => void;
}

/** Adapter for a price provider speaking the JSON-over-websocket protocol of docs/feed-protocol.md. */
export class ExternalFeed implements PriceFeed {
  private socket: WebSocket | undefined;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;
  private stopped = true;

  constructor(private readonly options: ExternalFeedOptions) {}

  start(instruments: FeedInstrument[], onTick: (tick: Tick) => void): void {
    this.stopped = false;
    this.connect(
      instruments.map((i) => i.symbol),
      onTick,
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.silenceTimer);
    this.socket?.terminate();
    this.socket = undefined;
  }

  private connect(symbols: string[], onTick: (tick: Tick) => void): void {
    const log = this.options.log ?? (() => {});
    const socket = new WebSocket(this.options.url);
    this.socket = socket;
    const heard = () => {
      clearTimeout(this.silenceTimer);
      this.silenceTimer = setTimeout(() => socket.terminate(), SILENCE_LIMIT_MS);
      this.silenceTimer.unref();
    };
    socket.on('open', () => {
      log('feed connected');
      this.retryMs = FIRST_RETRY_MS;
      heard();
      socket.send(JSON.stringify({ type: 'subscribe', symbols }));
    });
    socket.on('message', (data, isBinary) => {
      heard();
      const parsed = providerMessage.safeParse(isBinary ? undefined : parseJson(data.toString()));
      if (!parsed.success) return log('feed message refused', data.toString().slice(0, 200));
      const message = parsed.data;
      if (message.type === 'tick') onTick(message);
      else if (message.type === 'error') log('feed error', message.message);
    });
    socket.on('error', (err) => log('feed socket error', err.message));
    socket.on('close', () => {
      clearTimeout(this.silenceTimer);
      if (this.stopped || this.socket !== socket) return;
      log('feed disconnected', { retryInMs: this.retryMs });
      this.retryTimer = setTimeout(() => this.connect(symbols, onTick), this.retryMs);
      this.retryTimer.unref();
      this.retryMs = Math.min(LAST_RETRY_MS, this.retryMs * 2);
    });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
