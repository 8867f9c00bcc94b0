import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Market } from '../market';
import type { Trading } from '../trading';
import type { ErrorLog } from '../util/log';
import { every } from '../util/periodic';
import { DEMO_TICK_MS, DemoTraders } from './demo-traders';
import { refreshLeaderboard } from './service';

export interface RankingJobDeps {
  db: Db;
  config: Config;
  market: Market;
  trading: Trading;
  now: () => number;
  log: ErrorLog;
}

/** The leader's ranking work: the leaderboard refresh and, in the embedded mode, the demo traders. Returns stop. */
export function startRankingJobs(deps: RankingJobDeps): () => Promise<void> {
  const { db, config, market, trading, now } = deps;
  const log = (err: unknown) => deps.log('ranking job failed', err);
  const jobs = [every(config.rankingRefreshMs, () => refreshLeaderboard(db, now()), log)];
  if (config.demoTraders) {
    const traders = new DemoTraders(db, trading, market);
    jobs.push(every(DEMO_TICK_MS, () => traders.tick(now()), log));
  }
  return async () => {
    await Promise.all(jobs.map((job) => job.stop()));
  };
}
