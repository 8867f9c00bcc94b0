import {
  type AccountFigures,
  accountFigures,
  bookPnl,
  closingQuoteSide,
  type Dec,
  dec,
  moneyText,
  priceText,
  usdConversion,
} from '@meridian/core';
import { type Book, bookOf, type Marked, type Position } from './book';
import type { Tradable, TradingMarket } from './market';
import { sideOf } from './terms';

/**
 * Where positions of an instrument and side close now: the price, and the USD rate the P&L of their quote
 * currency converts at.
 */
interface Exit {
  /** The quote's price on the closing side, as text. */
  last: string;
  tradable: Tradable;
  rate: string;
  price: Dec;
  /** The price as the order list shows it. */
  text: string;
}

/** Holding orders and books marked at the latest prices, each exit worked out once per tick (the mark cache). */
export class Marks {
  /** The close price of each instrument, side and quote currency at its last quote (see `exitOf`). */
  private readonly exits = new Map<string, Exit>();
  /** Each holding order's book, made once per row (a changed order is a new row), and its last mark. */
  private readonly rowMarks = new WeakMap<Position, { book: Book; at?: Exit; marked?: Marked }>();

  constructor(private readonly market: TradingMarket) {}

  /**
   * FactProfits of a holding order at the latest price, exact, in USD, and as text (6 decimals); with
   * that price as the order list shows it (SPEC.md §9: at the instrument's precision). Worked out again
   * only when the exit price or the USD rate has moved: the engine marks every position of an account
   * at each of its sweeps, and between two ticks of an instrument they are the same.
   */
  mark(order: Position): Marked {
    let memo = this.rowMarks.get(order);
    if (!memo) {
      memo = { book: bookOf(order) };
      this.rowMarks.set(order, memo);
    }
    const exit = this.exitOf(memo.book);
    if (!exit) {
      const precision = this.market.tradable(order.instrumentId)?.terms.pricePrecision;
      return {
        updatePrice: priceText(order.price, precision),
        pnl: dec(order.swap),
        factProfits: moneyText(order.swap),
      };
    }
    if (memo.at !== exit) {
      const pnl = this.pnlAt(memo.book, exit);
      memo.at = exit;
      memo.marked = { updatePrice: exit.text, pnl, factProfits: moneyText(pnl) };
    }
    return memo.marked!;
  }

  /** The totals of TRADING.md "Account figures" for a balance and its holding orders, as books. */
  figures(balance: string, books: Book[]): AccountFigures {
    return accountFigures(
      balance,
      books.map((b) => {
        const exit = this.exitOf(b);
        return { margin: b.margin, pnl: exit ? this.pnlAt(b, exit) : dec(b.swap) };
      }),
    );
  }

  /** Σ FactProfits of a book at `exit`, exact, in USD: what the price made, and the swap accrued. */
  private pnlAt(book: Book, exit: Exit): Dec {
    const side = sideOf(book);
    return bookPnl(book.quoteCurrency, { ...book, side }, exit.price, this.market.prices).plus(book.swap);
  }

  /**
   * The price positions of a book's instrument and side close at now (a buy's at the bid), with the USD
   * rate their P&L converts at; none without a quote. The same for every such position until the next
   * tick of either: worked out once per tick, not once per position. The engine asks it for every position
   * at each sweep, so the question "has it moved?" compares the quote's text and parses nothing: the
   * decimal is made only when the price has moved.
   */
  private exitOf(book: Pick<Book, 'instrumentId' | 'side' | 'quoteCurrency'>): Exit | null {
    const { instrumentId, quoteCurrency } = book;
    const tradable = this.market.tradable(instrumentId);
    const quote = this.market.lastQuote(instrumentId);
    if (!tradable || quote === undefined) return null;
    const last = String(quote[closingQuoteSide(sideOf(book))]);
    const conversion = usdConversion(quoteCurrency, this.market.prices);
    const rate =
      conversion === null ? '' : 'times' in conversion ? `×${conversion.times}` : `÷${conversion.divide}`;
    const key = `${instrumentId}:${book.side}:${quoteCurrency}`;
    const known = this.exits.get(key);
    if (known && known.last === last && known.tradable === tradable && known.rate === rate) return known;
    const { pricePrecision } = tradable.terms;
    const price = dec(last);
    const exit = { last, tradable, rate, price, text: priceText(price, pricePrecision) };
    this.exits.set(key, exit);
    return exit;
  }
}
