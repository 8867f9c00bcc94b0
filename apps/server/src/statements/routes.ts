import { endpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { route, routeDownload } from '../http/route';
import { historyCsv, ledgerCsv } from './export';
import { accountHistory } from './snapshots';

/** Statements: the ledger and the order history as files, and the balance and equity over time. */
export function statementRoutes(app: FastifyInstance, { database: { db }, trading }: Deps): void {
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
  route(app, db, endpoints.accountHistory, async ({ user }) => accountHistory(db, user.id, trading.now()));
}
