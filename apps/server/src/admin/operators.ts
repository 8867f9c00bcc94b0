import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import { z } from 'zod';
import type { Deps } from '../app';
import { operators } from '../db/schema';
import { refuse } from '../http/errors';
import { hashPassword } from '../http/password';
import { adminRoute, audit, ROLES, totpFor, verifyTotp } from './auth';
import { flag, id } from './inputs';
import { operatorView } from './routes';
import { operatorSessions, totpEnrolments } from './schema';

const newOperator = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(10).max(200),
  role: z.enum(ROLES),
});

/** Operators: each enrols their own TOTP second factor; admins list, create, disable and re-enable them. */
export function operatorRoutes(app: FastifyInstance, { database: { db } }: Deps): void {
  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/totp/setup', roles: [] },
    z.object({}),
    async ({ operator }) => {
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await db
        .insert(totpEnrolments)
        .values({ operatorId: operator.id, secret })
        .onConflictDoUpdate({ target: totpEnrolments.operatorId, set: { secret, createdAt: new Date() } });
      return { secret, uri: totpFor(secret, operator.email).toString() };
    },
  );

  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/totp/enable', roles: [] },
    z.object({ code: z.string().trim().max(8) }),
    async ({ operator, input }) => {
      const [enrolment] = await db
        .select()
        .from(totpEnrolments)
        .where(eq(totpEnrolments.operatorId, operator.id));
      if (!enrolment) throw refuse('operator_totp_no_setup');
      if (!verifyTotp(enrolment.secret, input.code)) throw refuse('operator_totp_invalid');
      return db.transaction(async (tx) => {
        await tx.update(operators).set({ totpSecret: enrolment.secret }).where(eq(operators.id, operator.id));
        await tx.delete(totpEnrolments).where(eq(totpEnrolments.operatorId, operator.id));
        await audit(tx, {
          operatorId: operator.id,
          action: 'operator.totp_enable',
          targetType: 'operator',
          targetId: operator.id,
          before: { totp_enabled: operator.totpSecret !== null },
          after: { totp_enabled: true },
        });
        return operatorView({ ...operator, totpSecret: enrolment.secret });
      });
    },
  );

  adminRoute(
    app,
    db,
    { method: 'GET', path: '/admin/api/operators', roles: ['admin'] },
    z.object({}),
    async () => {
      const rows = await db.select().from(operators).orderBy(asc(operators.id));
      return rows.map((o) => ({ ...operatorView(o), disabled: o.disabled, created_at: o.createdAt }));
    },
  );

  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/operators/create', roles: ['admin'] },
    newOperator,
    async ({ operator, input }) => {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(operators)
          .values({ email: input.email, passwordHash, role: input.role })
          .onConflictDoNothing({ target: operators.email })
          .returning();
        if (!created) throw refuse('operator_email_taken');
        const view = operatorView(created);
        await audit(tx, {
          operatorId: operator.id,
          action: 'operator.create',
          targetType: 'operator',
          targetId: created.id,
          after: view,
        });
        return view;
      });
    },
  );

  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/operators/disable', roles: ['admin'] },
    z.object({ id, disabled: flag }),
    async ({ operator, input }) => {
      if (input.id === operator.id) throw refuse('operator_self_disable');
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(operators).where(eq(operators.id, input.id)).for('update');
        if (!before) throw refuse('not_found');
        await tx.update(operators).set({ disabled: input.disabled }).where(eq(operators.id, input.id));
        // A disabled operator's open sessions end now, not when they next expire.
        if (input.disabled) {
          await tx
            .update(operatorSessions)
            .set({ revokedAt: new Date() })
            .where(eq(operatorSessions.operatorId, input.id));
        }
        await audit(tx, {
          operatorId: operator.id,
          action: input.disabled ? 'operator.disable' : 'operator.enable',
          targetType: 'operator',
          targetId: input.id,
          before: { disabled: before.disabled },
          after: { disabled: input.disabled },
        });
        return { id: input.id, disabled: input.disabled };
      });
    },
  );
}
