import { endpoints } from '@meridian/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Bus } from '../bus/bus';
import { tellSessionsEnded } from '../bus/channels';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { route, said } from '../http/route';
import type { Secrets } from '../http/secrets';
import { revokeSession } from '../http/sessions';
import type { Throttle } from '../http/throttle';
import { createCaptcha } from './captcha.service';
import type { AccountsContext, Caller, DemoResetHook } from './context';
import type { Delivery } from './delivery/transport';
import { demoSession, resetDemo } from './demo.service';
import { login } from './login.service';
import { requestCode } from './notify.service';
import { amendPassword, forgetPassword } from './password.service';
import { register } from './register.service';
import { listSessions, revokeOtherSessions, revokeOwnSession } from './sessions.service';
import { disableTotp, enableTotp, setUpTotp } from './totp.service';
import { userView } from './user-view';

const callerOf = (req: FastifyRequest): Caller => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

/** Sign-up, sign-in, passwords, codes, demo accounts and the wallet figures of issue 5. */
export function accountRoutes(
  app: FastifyInstance,
  deps: {
    database: Database;
    now: () => number;
    config: Config;
    delivery: Delivery;
    throttle: Throttle;
    secrets: Secrets;
    bus: Bus;
    onDemoReset?: DemoResetHook;
  },
): void {
  const db = deps.database.db;
  const ctx: AccountsContext = {
    db,
    now: deps.now,
    config: deps.config,
    delivery: deps.delivery,
    log: app.log,
    throttle: deps.throttle,
    secrets: deps.secrets,
    bus: deps.bus,
    onDemoReset: deps.onDemoReset,
  };

  route(app, db, endpoints.captcha, () => createCaptcha(ctx));
  route(app, db, endpoints.register, ({ input }) => register(ctx, input));
  route(app, db, endpoints.sendSms, ({ input, user, req, lang }) =>
    requestCode(ctx, { ...input, channel: 'mobile' }, user, callerOf(req), lang),
  );
  route(app, db, endpoints.sendEmail, ({ input, user, req, lang }) =>
    requestCode(ctx, { ...input, channel: 'email' }, user, callerOf(req), lang),
  );

  route(app, db, endpoints.userInfo, async ({ user }) => userView(user));
  route(app, db, endpoints.login, ({ input, req }) => login(ctx, input, callerOf(req)));
  route(app, db, endpoints.logout, async ({ token, user }) => {
    await revokeSession(db, token!, new Date(deps.now()));
    tellSessionsEnded(deps.bus, user.id);
    return null;
  });
  route(app, db, endpoints.forgetPassword, ({ input }) => forgetPassword(ctx, input));
  route(app, db, endpoints.amendPassword, ({ input, user }) => amendPassword(ctx, user, input));

  route(app, db, endpoints.createDemo, ({ input, req }) => demoSession(ctx, input.demo_id, callerOf(req)));
  route(app, db, endpoints.resetDemo, ({ user }) => resetDemo(ctx, user));

  route(app, db, endpoints.sessionList, async ({ user, token }) => listSessions(db, user, token!));
  route(app, db, endpoints.sessionRevoke, async ({ user, input }) => {
    await revokeOwnSession(db, user, input.id, new Date(deps.now()));
    tellSessionsEnded(deps.bus, user.id);
    return said(null, 'session_revoked');
  });
  route(app, db, endpoints.sessionRevokeOthers, async ({ user, token }) => {
    await revokeOtherSessions(db, user, token!, new Date(deps.now()));
    tellSessionsEnded(deps.bus, user.id);
    return said(null, 'session_revoked');
  });

  route(app, db, endpoints.totpSetup, ({ user }) => setUpTotp(ctx, user));
  route(app, db, endpoints.totpEnable, ({ user, input, lang }) => enableTotp(ctx, user, lang, input));
  route(app, db, endpoints.totpDisable, ({ user, input, lang }) => disableTotp(ctx, user, lang, input.code));
}
