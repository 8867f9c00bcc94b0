import { randomUUID } from 'node:crypto';
import { type AnswerOf, adminEndpoints, Code } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/client';
import { assertAnswer } from '../http/answers';
import { codeAccount, throttledCodeCheck } from '../http/code-throttle';
import { AppError, refuse } from '../http/errors';
import { requestLanguage } from '../http/lang';
import { limitConfig, SIGN_IN_LIMIT } from '../http/limits';
import { hashPassword, needsRehash, verifyPassword } from '../http/password';
import { envelope, parseInput } from '../http/route';
import type { Secrets } from '../http/secrets';
import { signInAttempt } from '../http/sign-in';
import type { Throttle } from '../http/throttle';
import {
  adminRoute,
  audit,
  createOperatorSession,
  type Operator,
  operatorLoginAttempts,
  operators,
  operatorTotpRequired,
  pendingStep,
  type Role,
  revokeOperatorSession,
  revokeOperatorSessions,
  useOperatorTotp,
} from '../operators';

/** What the back office shows of an operator, and what it must still do before the rest opens. */
export const operatorView = (o: Operator, totpRequired = false) => ({
  id: o.id,
  email: o.email,
  role: o.role as Role,
  totp_enabled: o.totpSecret !== null,
  must_change_password: o.mustChangePassword,
  /** 'operator_password_change_required', 'operator_totp_enrolment_required' or null. */
  pending: pendingStep(o, totpRequired),
});

/** Verified against when no operator has the e-mail, so both answers take as long. */
let dummyHash: Promise<string> | undefined;
const timingDummy = () => {
  dummyHash ??= hashPassword(randomUUID());
  return dummyHash;
};

type Outcome = 'ok' | 'password' | 'disabled' | 'totp';

async function record(
  db: Db,
  email: string,
  operator: Operator | undefined,
  ip: string,
  agent: string | undefined,
  outcome: Outcome,
) {
  await db.insert(operatorLoginAttempts).values({
    email,
    operatorId: operator?.id ?? null,
    ip,
    userAgent: agent?.slice(0, 300),
    outcome,
  });
}

/**
 * What an operator's sign-in is counted against: the operator found, by id; an e-mail that names nobody,
 * by that e-mail (already trimmed and in lower case), so it is held back like a real one and tells nothing.
 */
export const signInAccount = (email: string, operator: Operator | undefined) =>
  `operator:${operator ? `id:${operator.id}` : `email:${email}`}`;

/**
 * Operator sign-in: password, then the TOTP code once enrolled, the password throttled per address and per
 * operator (http/sign-in.ts), the code under the operator's code throttle (http/code-throttle.ts), with a
 * request ceiling per address, and every attempt recorded; an unknown e-mail, a wrong password and a
 * disabled operator get the same answer in the same time. Sign-out, who am I, and changing one's password.
 */
export function adminAuthRoutes(
  app: FastifyInstance,
  {
    database: { db },
    now,
    throttle,
    secrets,
  }: { database: Database; now: () => number; throttle: Throttle; secrets: Secrets },
): void {
  const login = adminEndpoints.login;
  const rateLimit = limitConfig(login.path, SIGN_IN_LIMIT);
  app.post(login.path, { config: { rateLimit } }, async (req, reply) => {
    const lang = requestLanguage(req);
    const input = parseInput(login.input, req.body ?? {});
    const agent = req.headers['user-agent'];
    const [operator] = await db.select().from(operators).where(eq(operators.email, input.email));
    const attempt = await signInAttempt(throttle, signInAccount(input.email, operator), req.ip);
    const passwordOk = await verifyPassword(input.password, operator?.passwordHash ?? (await timingDummy()));
    if (!operator || !passwordOk || operator.disabled) {
      await record(
        db,
        input.email,
        operator,
        req.ip,
        agent,
        operator && passwordOk ? 'disabled' : 'password',
      );
      throw refuse('operator_login_failed');
    }
    if (operator.totpSecret) {
      // The data tells the sign-in screen to show its second-factor step.
      if (!input.totp) {
        throw new AppError(Code.REFUSED, 'totp_required', {}, 200, { totp_required: true });
      }
      const code = input.totp;
      const codeOk = await throttledCodeCheck(throttle, codeAccount.operator(operator.id), () =>
        useOperatorTotp(db, secrets, operator, code, now()),
      );
      if (!codeOk) {
        await record(db, input.email, operator, req.ip, agent, 'totp');
        throw refuse('totp_invalid');
      }
    }
    await attempt.succeeded();
    await record(db, input.email, operator, req.ip, agent, 'ok');
    // A hash made at an older cost is made again now, while the password is at hand.
    if (needsRehash(operator.passwordHash)) {
      await db
        .update(operators)
        .set({ passwordHash: await hashPassword(input.password) })
        .where(eq(operators.id, operator.id));
    }
    const token = await createOperatorSession(db, operator.id, req.ip);
    await audit(db, {
      operatorId: operator.id,
      action: 'operator.login',
      targetType: 'operator',
      targetId: operator.id,
    });
    const data: AnswerOf<typeof login> = {
      token,
      operator: operatorView(operator, operatorTotpRequired(db)),
    };
    assertAnswer(db, login.path, login.answer, data);
    return reply.send(envelope(lang, Code.OK, 'ok', data));
  });

  adminRoute(app, db, adminEndpoints.logout, async ({ token, operator }) => {
    await revokeOperatorSession(db, token, new Date(now()));
    await audit(db, {
      operatorId: operator.id,
      action: 'operator.logout',
      targetType: 'operator',
      targetId: operator.id,
    });
    return null;
  });

  adminRoute(app, db, adminEndpoints.me, async ({ operator }) =>
    operatorView(operator, operatorTotpRequired(db)),
  );

  adminRoute(app, db, adminEndpoints.changePassword, async ({ operator, input, token }) => {
    if (!(await verifyPassword(input.current_password, operator.passwordHash))) {
      throw refuse('operator_password_wrong');
    }
    if (input.new_password === input.current_password) throw refuse('operator_password_same');
    const passwordHash = await hashPassword(input.new_password);
    return db.transaction(async (tx) => {
      const [changed] = await tx
        .update(operators)
        .set({ passwordHash, mustChangePassword: false })
        .where(eq(operators.id, operator.id))
        .returning();
      // Whoever knew the old password is signed out everywhere but here.
      await revokeOperatorSessions(tx, operator.id, new Date(now()), token);
      await audit(tx, {
        operatorId: operator.id,
        action: 'operator.password_change',
        targetType: 'operator',
        targetId: operator.id,
        before: { must_change_password: operator.mustChangePassword },
        after: { must_change_password: false },
      });
      return operatorView(changed!, operatorTotpRequired(db));
    });
  });
}
