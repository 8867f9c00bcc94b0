import { AlertWatcher } from '../alerts/watcher';
import type { Bus } from '../bus/bus';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Secrets } from '../http/secrets';
import { webPushSender } from '../push/send';
import type { TradingMarket } from '../trading/market';
import { every } from '../util/periodic';
import { NOTICE_SWEEP_MS, Notifier } from './notifier';

export interface NoticeJobs {
  notifier: Notifier;
  alerts: AlertWatcher;
  /** Resolves once fired alerts and queued notices are recorded and delivered. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** The leader's part of alerts and notifications: the alert watcher, the notifier and its sweep. */
export async function startNoticeJobs(deps: {
  db: Db;
  bus: Bus;
  market: TradingMarket;
  config: Pick<Config, 'operatorEmail'>;
  now: () => number;
  /** Opens the VAPID private key the pushes are signed with. */
  secrets: Secrets;
}): Promise<NoticeJobs> {
  const { db, bus, market, now } = deps;
  const push = webPushSender(db, deps.secrets, `mailto:${deps.config.operatorEmail}`);
  const notifier = new Notifier(db, bus, market, push, now);
  const alerts = new AlertWatcher(db, bus, market, (row) => notifier.deliver(row), now);
  notifier.start();
  await alerts.start();
  const sweep = every(
    NOTICE_SWEEP_MS,
    () => notifier.sweep(),
    (err) => console.error('notification sweep failed', err),
  );
  return {
    notifier,
    alerts,
    async settled() {
      await alerts.settled();
      await notifier.settled();
    },
    async stop() {
      await sweep.stop();
      await alerts.stop();
      await notifier.stop();
    },
  };
}
