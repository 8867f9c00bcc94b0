import { adminEndpoints } from '@meridian/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { operators } from '../db/schema';
import type { Deps } from '../deps';
import { refuse } from '../http/errors';
import { hashPassword } from '../http/password';
import { newTotpSecret, totpStep, totpUri } from '../http/totp';
import { audit } from '../operators/audit';
import { totpEnrolments } from '../operators/schema';
import { adminRoute, operatorTotpRequired, revokeOperatorSessions } from '../operators/session';
import { operatorView } from './routes';

/**
 * Operators: each enrols their own TOTP second factor (its secret sealed, http/secrets.ts); admins list,
 * create (with a password the new operator must change at first sign-in), disable and re-enable them.
 */
export function operatorRoutes(app: FastifyInstance, { database: { db }, secrets }: Deps): void {
  adminRoute(app, db, adminEndpoints.totpSetup, async ({ operator }) => {
    const secret = newTotpSecret();
    const sealed = secrets.seal(secret);
    await db
      .insert(totpEnrolments)
      .values({ operatorId: operator.id, secret: sealed })
      .onConflictDoUpdate({
        target: totpEnrolments.operatorId,
        set: { secret: sealed, createdAt: new Date() },
      });
    return { secret, uri: totpUri(secret, operator.email) };
  });

  adminRoute(app, db, adminEndpoints.totpEnable, async ({ operator, input, token }) => {
    const [enrolment] = await db
      .select()
      .from(totpEnrolments)
      .where(eq(totpEnrolments.operatorId, operator.id));
    if (!enrolment) throw refuse('totp_no_setup');
    const step = totpStep(secrets.open(enrolment.secret), input.code);
    if (step === null) throw refuse('totp_invalid');
    return db.transaction(async (tx) => {
      const [enabled] = await tx
        .update(operators)
        .set({ totpSecret: enrolment.secret, totpLastStep: step })
        .where(eq(operators.id, operator.id))
        .returning();
      await tx.delete(totpEnrolments).where(eq(totpEnrolments.operatorId, operator.id));
      // Sessions opened with the password alone end: from now on a sign-in takes the code too.
      await revokeOperatorSessions(tx, operator.id, token);
      await audit(tx, {
        operatorId: operator.id,
        action: 'operator.totp_enable',
        targetType: 'operator',
        targetId: operator.id,
        before: { totp_enabled: operator.totpSecret !== null },
        after: { totp_enabled: true },
      });
      return operatorView(enabled!, operatorTotpRequired(db));
    });
  });

  adminRoute(app, db, adminEndpoints.operators, async () => {
    const rows = await db.select().from(operators).orderBy(asc(operators.id));
    return rows.map((o) => ({
      ...operatorView(o, operatorTotpRequired(db)),
      disabled: o.disabled,
      created_at: o.createdAt,
    }));
  });

  adminRoute(app, db, adminEndpoints.createOperator, async ({ operator, input }) => {
    const passwordHash = await hashPassword(input.password);
    return db.transaction(async (tx) => {
      const [created] = await tx
        .insert(operators)
        .values({ email: input.email, passwordHash, role: input.role, mustChangePassword: true })
        .onConflictDoNothing({ target: operators.email })
        .returning();
      if (!created) throw refuse('operator_email_taken');
      const view = operatorView(created, operatorTotpRequired(db));
      await audit(tx, {
        operatorId: operator.id,
        action: 'operator.create',
        targetType: 'operator',
        targetId: created.id,
        after: view,
      });
      return view;
    });
  });

  adminRoute(app, db, adminEndpoints.disableOperator, async ({ operator, input }) => {
    if (input.id === operator.id) throw refuse('operator_self_disable');
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(operators).where(eq(operators.id, input.id)).for('update');
      if (!before) throw refuse('not_found');
      await tx.update(operators).set({ disabled: input.disabled }).where(eq(operators.id, input.id));
      // A disabled operator's open sessions end now, not when they next expire.
      if (input.disabled) await revokeOperatorSessions(tx, input.id);
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
  });
}
