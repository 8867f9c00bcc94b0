import { adminEndpoints, type OperatorTotpEnable } from '@meridian/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { codeAccount, throttledCodeCheck } from '../http/code-throttle';
import { refuse } from '../http/errors';
import { verifyPassword } from '../http/password';
import type { Secrets } from '../http/secrets';
import { signInAttempt } from '../http/sign-in';
import type { Throttle } from '../http/throttle';
import { newTotpSecret, totpStep, totpUri } from '../http/totp';
import {
  adminRoute,
  audit,
  type Operator,
  operators,
  operatorTotpRequired,
  revokeOperatorSessions,
  totpEnrolments,
  useOperatorTotp,
} from '../operators';
import { requestOperator, requestRole, setOperatorDisabled } from './operator-changes';
import { operatorView, signInAccount } from './routes';

/**
 * Replacing a second factor takes the operator's password and a current code of the one in use, not the
 * session alone. The password is counted as a sign-in attempt of that operator (same keys and limits) and
 * the code under their code throttle, so neither can be guessed here faster than at the sign-in.
 */
async function proveOwnFactor(
  {
    database: { db },
    now,
    throttle,
    secrets,
  }: { database: Database; now: () => number; throttle: Throttle; secrets: Secrets },
  operator: Operator,
  { password, current_code }: OperatorTotpEnable,
  ip: string,
) {
  if (!password || !current_code) throw refuse('operator_totp_replace_proof');
  const attempt = await signInAttempt(throttle, signInAccount(operator.email, operator), ip);
  if (!(await verifyPassword(password, operator.passwordHash))) throw refuse('operator_password_wrong');
  const codeOk = await throttledCodeCheck(throttle, codeAccount.operator(operator.id), () =>
    useOperatorTotp(db, secrets, operator, current_code, now()),
  );
  if (!codeOk) throw refuse('totp_invalid');
  await attempt.succeeded();
}

/**
 * Operators: each enrols their own TOTP second factor (its secret sealed, http/secrets.ts), and replaces it
 * only with their password and a current code; admins list operators, disable them at once, and ask for new
 * ones, role changes and re-enabling, which a second operator makes (admin/operator-changes.ts).
 */
export function operatorRoutes(
  app: FastifyInstance,
  deps: { database: Database; now: () => number; throttle: Throttle; secrets: Secrets },
): void {
  const {
    database: { db },
    now,
    secrets,
  } = deps;
  adminRoute(app, db, adminEndpoints.totpSetup, async ({ operator }) => {
    const secret = newTotpSecret();
    const sealed = secrets.seal(secret);
    const createdAt = new Date(now());
    await db
      .insert(totpEnrolments)
      .values({ operatorId: operator.id, secret: sealed, createdAt })
      .onConflictDoUpdate({ target: totpEnrolments.operatorId, set: { secret: sealed, createdAt } });
    return { secret, uri: totpUri(secret, operator.email) };
  });

  adminRoute(app, db, adminEndpoints.totpEnable, async ({ operator, input, token, req }) => {
    const [enrolment] = await db
      .select()
      .from(totpEnrolments)
      .where(eq(totpEnrolments.operatorId, operator.id));
    if (!enrolment) throw refuse('totp_no_setup');
    const step = totpStep(secrets.open(enrolment.secret), input.code, now());
    if (step === null) throw refuse('totp_invalid');
    if (operator.totpSecret) await proveOwnFactor(deps, operator, input, req.ip);
    return db.transaction(async (tx) => {
      const [enabled] = await tx
        .update(operators)
        .set({ totpSecret: enrolment.secret, totpLastStep: step })
        .where(eq(operators.id, operator.id))
        .returning();
      await tx.delete(totpEnrolments).where(eq(totpEnrolments.operatorId, operator.id));
      // Sessions opened with the password alone end: from now on a sign-in takes the code too.
      await revokeOperatorSessions(tx, operator.id, new Date(now()), token);
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

  adminRoute(app, db, adminEndpoints.createOperator, async ({ operator, input }) =>
    requestOperator(db, { operatorId: operator.id }, input),
  );

  adminRoute(app, db, adminEndpoints.changeOperatorRole, async ({ operator, input }) =>
    requestRole(db, { operatorId: operator.id }, input.id, input.role),
  );

  adminRoute(app, db, adminEndpoints.disableOperator, async ({ operator, input }) =>
    setOperatorDisabled(db, { operatorId: operator.id }, input.id, input.disabled, new Date(now())),
  );
}
