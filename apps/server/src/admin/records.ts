import { adminEndpoints, type InputOf } from '@meridian/contract';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { maskCodes, outboxPage } from '../accounts';
import type { Database, Db } from '../db/client';
import { adminRoute, auditLog, offsetOf, operators, type PageInput } from '../operators';

type AuditFilters = InputOf<typeof adminEndpoints.auditExport>;

/** Read-only records: the messages the platform sent and the operators' audit trail. */
export function recordRoutes(app: FastifyInstance, { database: { db } }: { database: Database }): void {
  adminRoute(app, db, adminEndpoints.outbox, async ({ input }) => {
    const { rows, total } = await outboxPage(db, input.recipient, input);
    return {
      rows: rows.map((r) => ({
        ...r,
        channel: r.channel as 'email' | 'sms',
        subject: maskCodes(r.subject),
        body: maskCodes(r.body),
      })),
      total,
    };
  });

  adminRoute(app, db, adminEndpoints.audit, async ({ input }) => auditPage(db, input, input));
}

/** The operators' audit trail, newest first, by operator e-mail fragment, action prefix and target. */
export async function auditPage(db: Db, input: AuditFilters, page: PageInput) {
  const filters: (SQL | undefined)[] = [
    input.operator ? ilike(operators.email, `%${input.operator}%`) : undefined,
    input.action ? ilike(auditLog.action, `${input.action}%`) : undefined,
    input.target_type ? eq(auditLog.targetType, input.target_type) : undefined,
    input.target_id ? eq(auditLog.targetId, input.target_id) : undefined,
  ];
  const where = and(...filters);
  const rows = await db
    .select({
      id: auditLog.id,
      operator: operators.email,
      action: auditLog.action,
      target_type: auditLog.targetType,
      target_id: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      reason: auditLog.reason,
      created_at: auditLog.createdAt,
    })
    .from(auditLog)
    .innerJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(page.size)
    .offset(offsetOf(page));
  const [total] = await db
    .select({ n: count() })
    .from(auditLog)
    .innerJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
