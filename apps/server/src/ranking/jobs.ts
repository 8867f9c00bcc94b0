import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Market } from '../market/service';
import type { Trading } from '../trading/service';
import { every } from '../util/periodic';
import { DEMO_TICK_MS, DemoTraders } from './demo-traders';
import { refreshLeaderboard } from './service';

export interface RankingJobDeps {
  db: Db;
  config: Config;
  market: Market;
  trading: Trading;
  now: () => number;
}

/** The leader's ranking work: the leaderboard refresh and, in the embedded mode, the demo traders. Returns stop. */
export function startRankingJobs({ db, config, market, trading, now }: RankingJobDeps): () => Promise<void> {
  const log = (err: unknown) => console.error('ranking job failed', err);
  const jobs = [every(config.rankingRefreshMs, () => refreshLeaderboard(db, now()), log)];
  if (config.demoTraders) {
    const traders = new DemoTraders(db, trading, market);
    jobs.push(every(DEMO_TICK_MS, () => traders.tick(now()), log));
  }
  return async () => {
    await Promise.all(jobs.map((job) => job.stop()));
  };
}
