import { endpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { route, routeDownload } from '../http/route';
import type { Trading } from '../trading';
import { historyCsv, ledgerCsv } from './export';
import { accountHistory } from './snapshots';
import { accountDetail, balanceOf, ledgerList } from './wallet.service';

/** Statements: the balance, the account figures and the ledger, the ledger and the order history as files, and the balance and equity over time. */
export function statementRoutes(
  app: FastifyInstance,
  { database: { db }, trading }: { database: Database; trading: Trading },
): void {
  routeDownload(
    app,
    db,
    endpoints.ledgerExport,
    async ({ input: { format: _csv, ...filters }, user, lang }) =>
      ledgerCsv(db, user.id, filters, lang, trading.now()),
  );
  routeDownload(
    app,
    db,
    endpoints.historyExport,
    async ({ input: { format: _csv, ...filters }, user, lang }) =>
      historyCsv(db, trading, user.id, filters, lang, trading.now()),
  );
  route(app, db, endpoints.balance, async ({ user }) => balanceOf(user));
  route(app, db, endpoints.forexDetail, async ({ user }) => accountDetail(trading, user));
  route(app, db, endpoints.ledger, ({ input: { page, ...filters }, user, lang }) =>
    ledgerList(db, user, page, lang, filters),
  );
  route(app, db, endpoints.accountHistory, async ({ user }) => accountHistory(db, user.id, trading.now()));
}
