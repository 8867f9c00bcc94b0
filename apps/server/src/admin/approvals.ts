import { type Approval, adminEndpoints } from '@meridian/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db, Tx } from '../db/client';
import { type ChannelChange, reviewRoutes, saveChannelIn } from '../funding';
import { refuse } from '../http/errors';
import {
  audit,
  offsetOf,
  operatorRequests,
  operators,
  type PageInput,
  type RequestKind,
  RequestStatus,
  shownPayload,
} from '../operators';
import {
  changeRoleIn,
  createOperatorIn,
  type Enabling,
  enableOperatorIn,
  type NewOperatorChange,
  type RoleChange,
} from './operator-changes';
import { writeSettingsIn } from './settings';
import { type Adjustment, adjustBalanceIn } from './user-accounts';

type Request = typeof operatorRequests.$inferSelect;

/** How each kind of request is made once approved (`at`), by the approver, in the approval's transaction. */
const MAKE: Record<
  RequestKind,
  (tx: Tx, operatorId: number, request: Request, at: Date) => Promise<unknown>
> = {
  balance_adjust: (tx, operatorId, { id, payload }) =>
    adjustBalanceIn(tx, { operatorId }, payload as Adjustment, id),
  deposit_channel: (tx, operatorId, { payload }) => saveChannelIn(tx, operatorId, payload as ChannelChange),
  payment_page: async (tx, operatorId, { payload }, at) => {
    const { url } = payload as { url: string };
    await writeSettingsIn(tx, operatorId, { payment_page_url: url }, at);
    return { url };
  },
  operator_create: (tx, operatorId, { payload }) =>
    createOperatorIn(tx, operatorId, payload as NewOperatorChange),
  operator_role: (tx, operatorId, { payload }) => changeRoleIn(tx, operatorId, payload as RoleChange),
  operator_enable: (tx, operatorId, { payload }) => enableOperatorIn(tx, operatorId, payload as Enabling),
};

/** Takes a waiting request for a decision, locked: refused when it is gone or decided already. */
async function waiting(tx: Tx, id: number) {
  const [row] = await tx.select().from(operatorRequests).where(eq(operatorRequests.id, id)).for('update');
  if (!row || row.status !== RequestStatus.waiting) throw refuse('review_done');
  return row;
}

/** Changes to the operators themselves: only an admin approves them (finance approves money, not people). */
const ABOUT_OPERATORS: ReadonlySet<string> = new Set(['operator_create', 'operator_role', 'operator_enable']);

/**
 * Refuses an approver who asked for the change, whom it concerns (their own role or account), who got
 * their role after it was filed (an operator made for the purpose cannot approve what was waiting for one),
 * or who is not an admin when the change is about operators.
 */
async function mayApprove(tx: Tx, operatorId: number, request: Request) {
  const target = (request.payload as { operatorId?: number }).operatorId;
  if (request.requestedBy === operatorId) throw refuse('approval_own');
  if (target === operatorId) throw refuse('approval_about_you');
  const [approver] = await tx
    .select({ role: operators.role, roleGrantedAt: operators.roleGrantedAt })
    .from(operators)
    .where(eq(operators.id, operatorId));
  if (!approver || approver.roleGrantedAt >= request.createdAt) throw refuse('approval_role_too_new');
  if (ABOUT_OPERATORS.has(request.kind) && approver.role !== 'admin') throw refuse('approval_admin_only');
}

/** A second operator approves: the change is made `at`, with its own audit row and the approval's, together. */
export function approveRequest(db: Db, operatorId: number, id: number, at: Date) {
  return db.transaction(async (tx) => {
    const request = await waiting(tx, id);
    await mayApprove(tx, operatorId, request);
    const outcome = await MAKE[request.kind as RequestKind](tx, operatorId, request, at);
    await tx
      .update(operatorRequests)
      .set({ status: RequestStatus.approved, decidedBy: operatorId, decidedAt: at, outcome })
      .where(eq(operatorRequests.id, id));
    await audit(tx, {
      operatorId,
      action: 'approval.approve',
      targetType: 'operator_request',
      targetId: id,
      before: { status: RequestStatus.waiting, requested_by: request.requestedBy },
      after: { status: RequestStatus.approved, outcome },
    });
    return { id, status: RequestStatus.approved, outcome };
  });
}

/** Rejected by another operator, or withdrawn by the one who asked: nothing is changed. */
export function rejectRequest(db: Db, operatorId: number, id: number, reason: string, at: Date) {
  return db.transaction(async (tx) => {
    await waiting(tx, id);
    await tx
      .update(operatorRequests)
      .set({
        status: RequestStatus.rejected,
        decidedBy: operatorId,
        decidedAt: at,
        outcome: { reason },
      })
      .where(eq(operatorRequests.id, id));
    await audit(tx, {
      operatorId,
      action: 'approval.reject',
      targetType: 'operator_request',
      targetId: id,
      after: { status: RequestStatus.rejected },
      reason,
    });
    return { id, status: RequestStatus.rejected };
  });
}

export async function requestList(db: Db, status: number | undefined, page: PageInput) {
  const where: SQL | undefined = status === undefined ? undefined : eq(operatorRequests.status, status);
  const rows = await db
    .select({ request: operatorRequests, by: operators.email })
    .from(operatorRequests)
    .innerJoin(operators, eq(operators.id, operatorRequests.requestedBy))
    .where(where)
    .orderBy(desc(operatorRequests.id))
    .limit(page.size)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(operatorRequests).where(and(where));
  return {
    // kind, payload, status and outcome are text and jsonb columns: they hold what was filed and decided.
    rows: rows.map(
      ({ request: r, by }) =>
        ({
          id: r.id,
          kind: r.kind,
          payload: shownPayload(r.payload),
          reason: r.reason ?? '',
          requested_by: by,
          requested_by_id: r.requestedBy,
          status: r.status,
          decided_by_id: r.decidedBy,
          outcome: r.outcome,
          created_at: r.createdAt.toISOString(),
          decided_at: r.decidedAt?.toISOString() ?? null,
        }) as Approval,
    ),
    total: total?.n ?? 0,
  };
}

/** Four eyes: the queue of changes waiting for a second operator (finance and admin decide them). */
export function approvalRoutes(
  app: FastifyInstance,
  { database: { db }, now }: { database: Database; now: () => number },
): void {
  reviewRoutes(app, db, {
    endpoints: {
      list: adminEndpoints.approvals,
      approve: adminEndpoints.approveRequest,
      reject: adminEndpoints.rejectRequest,
    },
    list: (status, page) => requestList(db, status, page),
    approve: (operatorId, id) => approveRequest(db, operatorId, id, new Date(now())),
    reject: (operatorId, id, reason) => rejectRequest(db, operatorId, id, reason, new Date(now())),
  });
}
