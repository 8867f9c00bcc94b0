import { adminEndpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Bus } from '../bus/bus';
import { tellSessionsEnded } from '../bus/channels';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { adminRoute, type Role } from '../operators';
import type { Trading } from '../trading';
import {
  adjustBalance,
  closePosition,
  ledgerPage,
  ordersPage,
  revokeUserSessions,
  searchUsers,
  setUserDisabled,
  userDetail,
} from './user-accounts';

export function adminUserRoutes(
  app: FastifyInstance,
  {
    database: { db },
    now,
    trading,
    config,
    bus,
  }: { database: Database; now: () => number; trading: Trading; config: Config; bus: Bus },
): void {
  adminRoute(app, db, adminEndpoints.users, async ({ input }) => searchUsers(db, input.q, input));

  adminRoute(app, db, adminEndpoints.userDetail, async ({ input, operator }) =>
    userDetail(db, input.id, operator.role as Role),
  );

  adminRoute(app, db, adminEndpoints.userLedger, async ({ input }) => ledgerPage(db, input.id, input));

  adminRoute(app, db, adminEndpoints.userOrders, async ({ input }) =>
    ordersPage(db, trading, input.id, input.status, input),
  );

  adminRoute(app, db, adminEndpoints.disableUser, async ({ operator, input }) => {
    const changed = await setUserDisabled(
      db,
      { operatorId: operator.id },
      { userId: input.id, disabled: input.disabled, reason: input.reason, at: new Date(now()) },
    );
    if (input.disabled) tellSessionsEnded(bus, input.id);
    return changed;
  });

  adminRoute(app, db, adminEndpoints.revokeUserSessions, async ({ operator, input }) => {
    const revoked = await revokeUserSessions(db, { operatorId: operator.id }, input.id, new Date(now()));
    tellSessionsEnded(bus, input.id);
    return revoked;
  });

  adminRoute(app, db, adminEndpoints.adjustBalance, async ({ operator, input }) =>
    adjustBalance(
      db,
      { operatorId: operator.id },
      { userId: input.id, amount: input.amount, reason: input.reason },
      config.fourEyesAmount,
    ),
  );

  adminRoute(app, db, adminEndpoints.closeUserOrder, async ({ operator, input }) =>
    closePosition(trading, { operatorId: operator.id }, input.id, input.reason),
  );
}
