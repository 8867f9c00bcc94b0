import { AlertWatcher } from './alerts';
import type { Bus } from './bus/bus';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Secrets } from './http/secrets';
import { Notifier } from './notifications';
import type { Relay } from './outbox/outbox';
import { webPushSender } from './push';
import type { TradingMarket } from './trading';
import type { ErrorLog } from './util/log';

export interface NoticeJobs {
  notifier: Notifier;
  alerts: AlertWatcher;
  /** Resolves once fired alerts, queued notices and the events emitted so far are recorded and delivered. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The leader's part of alerts and notifications: the alert watcher, and the notifier, subscribed to the
 * relay's events (start the relay after this).
 */
export async function startNoticeJobs(deps: {
  db: Db;
  bus: Bus;
  market: TradingMarket;
  config: Pick<Config, 'operatorEmail'>;
  now: () => number;
  /** Opens the VAPID private key the pushes are signed with. */
  secrets: Secrets;
  relay: Relay;
  log: ErrorLog;
}): Promise<NoticeJobs> {
  const { db, bus, market, now, relay, log } = deps;
  const push = webPushSender(db, deps.secrets, `mailto:${deps.config.operatorEmail}`, log);
  const notifier = new Notifier(db, bus, market, push, now, log);
  const alerts = new AlertWatcher(db, bus, market, (row) => notifier.deliver(row), now, log);
  notifier.start(relay);
  await alerts.start();
  return {
    notifier,
    alerts,
    async settled() {
      await alerts.settled();
      await relay.pass();
      await notifier.settled();
    },
    async stop() {
      await alerts.stop();
      await notifier.stop();
    },
  };
}
