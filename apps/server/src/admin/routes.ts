import { Code } from '@meridian/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../app';
import { operators } from '../db/schema';
import { refuse } from '../http/errors';
import { requestLanguage } from '../http/lang';
import { verifyPassword } from '../http/password';
import { envelope, parseInput } from '../http/route';
import { adminRoute, audit, createOperatorSession, revokeOperatorSession, verifyTotp } from './auth';

const loginInput = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().min(1).max(200),
  totp: z.string().trim().max(8).optional(),
});

/** What the back office shows of an operator. */
export const operatorView = (o: typeof operators.$inferSelect) => ({
  id: o.id,
  email: o.email,
  role: o.role,
  totp_enabled: o.totpSecret !== null,
});

/** Operator sign-in (password, then the TOTP second factor once enrolled), sign-out and who am I. */
export function adminAuthRoutes(app: FastifyInstance, { database: { db } }: Deps): void {
  app.post('/admin/api/login', async (req, reply) => {
    const lang = requestLanguage(req);
    const input = parseInput(loginInput, req.body ?? {});
    const [operator] = await db.select().from(operators).where(eq(operators.email, input.email));
    const passwordOk = await verifyPassword(input.password, operator?.passwordHash);
    if (!operator || !passwordOk || operator.disabled) throw refuse('operator_login_failed');
    if (operator.totpSecret) {
      // The data tells the sign-in screen to show its second-factor step.
      if (!input.totp) {
        return reply.send(envelope(lang, Code.REFUSED, 'operator_totp_required', { totp_required: true }));
      }
      if (!verifyTotp(operator.totpSecret, input.totp)) throw refuse('operator_totp_invalid');
    }
    const token = await createOperatorSession(db, operator.id, req.ip);
    await audit(db, {
      operatorId: operator.id,
      action: 'operator.login',
      targetType: 'operator',
      targetId: operator.id,
    });
    return reply.send(envelope(lang, Code.OK, 'ok', { token, operator: operatorView(operator) }));
  });

  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/logout', roles: [] },
    z.object({}),
    async ({ token, operator }) => {
      await revokeOperatorSession(db, token);
      await audit(db, {
        operatorId: operator.id,
        action: 'operator.logout',
        targetType: 'operator',
        targetId: operator.id,
      });
      return null;
    },
  );

  adminRoute(
    app,
    db,
    { method: 'GET', path: '/admin/api/me', roles: [] },
    z.object({}),
    async ({ operator }) => operatorView(operator),
  );
}
