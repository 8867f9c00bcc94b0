import { endpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Bus } from '../bus/bus';
import type { Database } from '../db/client';
import { route, said } from '../http/route';
import type { Trading } from '../trading';
import { alertsOf, alertView, createAlert, deleteAlert } from './service';

/** Price alerts: set, list and delete; the leader's AlertWatcher fires them. */
export function alertsRoutes(
  app: FastifyInstance,
  { database: { db }, bus, trading }: { database: Database; bus: Bus; trading: Trading },
): void {
  const prices = trading.market;

  route(app, db, endpoints.alertList, async ({ user }) =>
    (await alertsOf(db, user.id)).map((row) => alertView(row, prices)),
  );

  route(app, db, endpoints.alertCreate, async ({ input, user }) => {
    const row = await createAlert(db, bus, prices, user.id, input, new Date(trading.now()));
    return said(alertView(row, prices), 'alert_created');
  });

  route(app, db, endpoints.alertDelete, async ({ input, user }) =>
    said(await deleteAlert(db, bus, user.id, input.id), 'alert_deleted'),
  );
}
