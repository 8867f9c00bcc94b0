import { dec } from '@meridian/core';
import { and, eq } from 'drizzle-orm';
import { createUser } from '../accounts';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { AppError, refuse } from '../http/errors';
import { post } from '../ledger';
import type { Market } from '../market';
import type { Trading } from '../trading';
import { setOptIn } from './repo';

/** The seeded demo traders of the embedded mode: play-money accounts nobody can sign in to. */
const DEMO_TRADERS = [
  'Amelia K.',
  'Lucas M.',
  'Sofia R.',
  'Kenji T.',
  'Noah B.',
  'Priya S.',
  'Mateo G.',
  'Hannah W.',
];
const BOT_LOGIN_TYPE = 'bot';
/** Crypto trades around the clock, so the board moves on weekends too. */
const SYMBOLS = ['BTCUSD', 'ETHUSD', 'SOLUSD', 'XRPUSD'];
/** Chance that an idle trader opens a position at a tick. */
const OPEN_CHANCE = 0.4;
const MIN_HOLD_MS = 5_000;
const MAX_EXTRA_HOLD_MS = 175_000;
/** How often the traders look at the market in the running app. */
export const DEMO_TICK_MS = 3_000;

/** Creates the demo traders that are missing, funds them with the demo balance and lists them on the leaderboard. */
export async function seedDemoTraders(db: Db, balance: string): Promise<void> {
  for (const name of DEMO_TRADERS) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.loginType, BOT_LOGIN_TYPE), eq(users.name, name)));
    if (existing) continue;
    await db.transaction(async (tx) => {
      const user = await createUser(tx, { loginType: BOT_LOGIN_TYPE, isDemo: true, name }, async () => false);
      await post(tx, {
        userId: user!.id,
        account: 'balance',
        type: 'demo_reset',
        amount: balance,
        refType: 'demo',
      });
    });
  }
  for (const id of await demoTraderIds(db)) await setOptIn(db, id, true);
}

async function demoTraderIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.loginType, BOT_LOGIN_TYPE));
  return rows.map((r) => r.id);
}

/**
 * Demo traders trading by themselves through the trading service: an idle one sometimes opens a small
 * crypto position, which it closes after a random time. `random` and `tick(now)` make a run repeatable.
 */
export class DemoTraders {
  /** When each open position is to be closed; one not known here (after a restart) closes at the next tick. */
  private readonly closeAt = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly trading: Trading,
    private readonly market: Market,
    private readonly random: () => number = Math.random,
  ) {}

  async tick(now: number): Promise<void> {
    for (const userId of await demoTraderIds(this.db)) {
      try {
        await this.act(userId, now);
      } catch (err) {
        // A closed market, a stale price or a refused order just means: not this time.
        if (!(err instanceof AppError)) throw err;
      }
    }
  }

  private async act(userId: number, now: number): Promise<void> {
    const open = await this.trading.holdings(this.db, userId);
    for (const order of open) {
      if (now < (this.closeAt.get(order.id) ?? now)) continue;
      this.closeAt.delete(order.id);
      await this.trading.close(order.id, 'user', { userId });
    }
    if (open.length > 0 || this.random() >= OPEN_CHANCE) return;
    const order = await this.trading.place(userId, this.pickOrder());
    // Squared, so most holds are short and a few are long: the board keeps moving.
    this.closeAt.set(order.id, now + MIN_HOLD_MS + Math.round(this.random() ** 2 * MAX_EXTRA_HOLD_MS));
  }

  private pickOrder() {
    const pick = <T>(items: readonly T[]) => items[Math.floor(this.random() * items.length)]!;
    const instrument = this.market.instrumentByCode(pick(SYMBOLS));
    const terms = instrument && this.trading.market.tradable(instrument.id)?.terms;
    if (!terms) throw refuse('instrument_unknown');
    return {
      side: this.random() < 0.5 ? ('buy' as const) : ('sell' as const),
      instrumentId: terms.id,
      lots: dec(terms.minLots)
        .times(1 + Math.floor(this.random() * 5))
        .toString(),
      leverage: pick(terms.leverages),
      pendingTarget: null,
      stopLoss: null,
      takeProfit: null,
    };
  }
}
