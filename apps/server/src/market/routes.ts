import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Code, endpoints, FALLBACK_LANGUAGE, type Instrument, type Language } from '@meridian/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/client';
import { assertAnswer } from '../http/answers';
import { AppError } from '../http/errors';
import { requestLanguage } from '../http/lang';
import { envelope, parseInput, rawInput, route } from '../http/route';
import type { MarketInstrument } from './definitions';
import { allCategories } from './instruments.repo';
import type { KlineView } from './kline-cache';
import { quotationsOf } from './quotes';
import type { Market } from './service';
import { Piece, splicedGzip } from './spliced-gzip';

export function marketRoutes(
  app: FastifyInstance,
  { database: { db }, market }: { database: Database; market: Market },
): void {
  // The home screen's list is read far more often than quotes change: its JSON is built once per change
  // (any quote, market status or definition) and per language, not per request: the profile showed
  // decimal formatting and JSON serialization of the list, then the socket's text encoding, on every call.
  const tradeList = tradeListCache(db, market);
  // Not async: nothing here waits, and a promise resolved with the reply costs Fastify a thenable's round.
  app.get(endpoints.tradeList.path, (req, reply) => {
    parseInput(endpoints.tradeList.input, rawInput(req));
    // 14.6 KB of JSON is 2.0 KB gzipped, 1.8 KB in brotli: compressed once per change, not per call.
    sendCached(req, reply, tradeList(requestLanguage(req)));
  });

  // A chart's 1,000 bars were read from the database on every call (the profile: the query, then the
  // answer's conversion and check). Now from memory, kept as JSON per tick (see kline-cache.ts), and
  // gzipped from the closed bars' text compressed once per bar and the bar in progress (106 KB → 22 KB).
  const klineBodies = new WeakMap<KlineView, Map<Language, CachedBody>>();
  app.get(endpoints.kline.path, async (req, reply) => {
    const input = parseInput(endpoints.kline.input, rawInput(req));
    if (!market.instrument(input.forex_id)) throw new AppError(Code.NOT_FOUND, 'instrument_unknown');
    const lang = requestLanguage(req);
    const view = await market.klines(input.forex_id, input.period, input.limit);
    let bodies = klineBodies.get(view);
    if (!bodies) {
      bodies = new Map();
      klineBodies.set(view, bodies);
    }
    let body = bodies.get(lang);
    if (!body) {
      body = klineBody(lang, view);
      bodies.set(lang, body);
    }
    return sendCached(req, reply, body);
  });

  route(app, db, endpoints.categories, async ({ lang }) => {
    const rows = await allCategories(db);
    return rows.map((c) => ({ Id: c.id, NameShowTrans: c.names[lang] ?? c.names[FALLBACK_LANGUAGE] }));
  });

  route(app, db, endpoints.abbreviatedKline, async () => market.sparks());

  route(app, db, endpoints.searchInstrument, async ({ input }) => {
    const query = (input.name || input.searchCurrency || '').toUpperCase();
    return market
      .instruments()
      .filter((i) =>
        [i.code, i.showCode.toUpperCase(), i.baseCurrency, i.quoteCurrency].some((field) =>
          field.includes(query),
        ),
      )
      .map((i) => wire(market, i));
  });
}

/** An answer's JSON text, kept until what it shows changes, and compressed when first asked. */
interface CachedBody {
  plain: string;
  gzip(): Buffer;
  br?: () => Buffer;
}

const GZIP = /\bgzip\b/;
const BR = /\bbr\b/;
/** Brotli's quality 5: 0.2 ms for the list and a tenth smaller than gzip; quality 11 takes 18 ms. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

function cachedBody(text: string): CachedBody {
  let zipped: Buffer | undefined;
  let brotli: Buffer | undefined;
  return {
    // Text: node writes the headers and a string body in one write, a Buffer body takes a writev.
    plain: text,
    gzip: () => {
      zipped ??= gzipSync(text);
      return zipped;
    },
    br: () => {
      brotli ??= brotliCompressSync(text, BROTLI);
      return brotli;
    },
  };
}

/** Sends a kept answer compressed as the client accepts: brotli when kept, else gzip, else plain. */
function sendCached(req: FastifyRequest, reply: FastifyReply, body: CachedBody): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (body.br && BR.test(accepted)) return reply.header('content-encoding', 'br').send(body.br());
  if (GZIP.test(accepted)) return reply.header('content-encoding', 'gzip').send(body.gzip());
  return reply.send(body.plain);
}

/** The envelope's text before its data's items, `{"code":1,"msg":"…","data":[`, per language. */
const klineHeads = new Map<Language, Piece>();

function klineHead(lang: Language): Piece {
  let head = klineHeads.get(lang);
  if (!head) {
    head = new Piece(JSON.stringify(envelope(lang, Code.OK, 'ok', [])).slice(0, -']}'.length));
    klineHeads.set(lang, head);
  }
  return head;
}

/** A kline answer: the envelope's head and the closed bars are compressed once, the rest per tick. */
function klineBody(lang: Language, { closed, live }: KlineView): CachedBody {
  const head = klineHead(lang);
  const tail = `${live === undefined ? '' : closed.text ? `,${live}` : live}]}`;
  let zipped: Buffer | undefined;
  return {
    plain: head.text + closed.text + tail,
    gzip: () => {
      zipped ??= splicedGzip([head, closed], tail);
      return zipped;
    },
  };
}

function tradeListCache(db: Db, market: Market): (lang: Language) => CachedBody {
  let seen = '';
  const bodies = new Map<Language, CachedBody>();
  let list: Instrument[] = [];
  return (lang) => {
    const revision = market.listRevision();
    if (revision !== seen) {
      const fresh = market.instruments().map((i) => wire(market, i));
      // Checked before it is kept: a list outside the contract answers 500 on every call, not once.
      assertAnswer(db, endpoints.tradeList.path, endpoints.tradeList.answer, fresh);
      list = fresh;
      seen = revision;
      bodies.clear();
    }
    let body = bodies.get(lang);
    if (body === undefined) {
      body = cachedBody(JSON.stringify(envelope(lang, Code.OK, 'ok', list)));
      bodies.set(lang, body);
    }
    return body;
  };
}

/** SPEC.md §3 Instrument with its live quote. */
function wire(market: Market, i: MarketInstrument): Instrument {
  const quote = market.lastQuote(i.id);
  return {
    Id: i.id,
    Code: i.code,
    ShowCode: i.showCode,
    Logo: i.logo,
    CategoryId: i.categoryId,
    MarketStatus: market.isOpen(i.id) ? 1 : 0,
    PricePrecision: i.pricePrecision,
    ForexQuotations: quotationsOf(market.quoteState(i.id), i.pricePrecision),
    HasForexMultiple: i.leverages.map((Value) => ({ Value })),
    ForexMinCont: i.minLots,
    ForexContNum: i.contractSize,
    ForexFeeRate: i.feeRate,
    Pip: i.lotStep,
    MarginMode: i.marginMode,
    MaxCont: i.maxLots,
    SpreadRate: i.spreadRate,
    QuoteCurrency: i.quoteCurrency,
    Bid: quote?.bid ?? '',
    Ask: quote?.ask ?? '',
  };
}
