import { orderStatus } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { filterText, flag, id, pageInput } from '../operators/inputs';
import { adminRoute, type Role } from '../operators/session';
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

/** Everyone who answers traders may look them up. */
const READERS = ['support', 'finance', 'risk'] as const;
const reason = z.string().trim().min(1).max(500);
/** A signed, non-zero amount with at most 8 decimals, as text. */
const amount = z
  .string()
  .trim()
  .regex(/^-?\d{1,15}(\.\d{1,8})?$/)
  .refine((v) => !/^-?0+(\.0+)?$/.test(v));

export function adminUserRoutes(app: FastifyInstance, { database: { db }, trading, config }: Deps): void {
  adminRoute(
    app,
    db,
    { method: 'GET', path: '/admin/api/users', roles: READERS },
    pageInput.extend({ q: filterText }),
    async ({ input }) => searchUsers(db, input.q, input),
  );

  adminRoute(
    app,
    db,
    { method: 'GET', path: '/admin/api/users/detail', roles: READERS },
    z.object({ id }),
    async ({ input, operator }) => userDetail(db, input.id, operator.role as Role),
  );

  adminRoute(
    app,
    db,
    { method: 'GET', path: '/admin/api/users/ledger', roles: READERS },
    pageInput.extend({ id }),
    async ({ input }) => ledgerPage(db, input.id, input),
  );

  adminRoute(
    app,
    db,
    { method: 'GET', path: '/admin/api/users/orders', roles: READERS },
    pageInput.extend({ id, status: z.coerce.number().pipe(orderStatus).optional() }),
    async ({ input }) => ordersPage(db, trading, input.id, input.status, input),
  );

  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/users/disable', roles: ['support'] },
    z.object({ id, disabled: flag, reason: reason.optional() }),
    async ({ operator, input }) =>
      setUserDisabled(db, { operatorId: operator.id }, input.id, input.disabled, input.reason),
  );

  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/users/revoke-sessions', roles: ['support'] },
    z.object({ id }),
    async ({ operator, input }) => revokeUserSessions(db, { operatorId: operator.id }, input.id),
  );

  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/users/adjust', roles: ['finance'] },
    z.object({ id, amount, reason }),
    async ({ operator, input }) =>
      adjustBalance(
        db,
        { operatorId: operator.id },
        { userId: input.id, amount: input.amount, reason: input.reason },
        config.fourEyesAmount,
      ),
  );

  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/orders/close', roles: ['risk', 'support'] },
    z.object({ id, reason: reason.optional() }),
    async ({ operator, input }) =>
      closePosition(trading, { operatorId: operator.id }, input.id, input.reason),
  );
}
