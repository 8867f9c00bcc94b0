import { api } from '@meridian/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { route, said } from '../http/route';
import { revokeSession } from '../http/sessions';
import { createCaptcha } from './captcha.service';
import type { AccountsContext, Caller } from './context';
import { demoSession, resetDemo } from './demo.service';
import {
  amendPasswordInput,
  codeInput,
  demoInput,
  forgetPasswordInput,
  id,
  loginInput,
  pageInput,
  registerInput,
  sendEmailInput,
  sendSmsInput,
} from './inputs';
import { login } from './login.service';
import { requestCode } from './notify.service';
import { amendPassword, forgetPassword } from './password.service';
import { register } from './register.service';
import { listSessions, revokeOtherSessions, revokeOwnSession } from './sessions.service';
import { disableTotp, enableTotp, setUpTotp } from './totp.service';
import { userView } from './user-view';
import { accountDetail, balanceOf, ledgerList } from './wallet.service';

const callerOf = (req: FastifyRequest): Caller => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

/** Sign-up, sign-in, passwords, codes, demo accounts and the wallet figures of issue 5. */
export function accountRoutes(app: FastifyInstance, deps: Deps): void {
  const db = deps.database.db;
  const ctx: AccountsContext = {
    db,
    config: deps.config,
    delivery: deps.delivery,
    log: app.log,
    throttle: deps.throttle,
    secrets: deps.secrets,
    onDemoReset: deps.onDemoReset,
  };

  route(app, db, api.captcha, z.object({}), () => createCaptcha(db));
  route(app, db, api.register, registerInput, ({ input }) => register(ctx, input));
  route(app, db, api.sendSms, sendSmsInput, ({ input, user, req, lang }) =>
    requestCode(ctx, { ...input, channel: 'mobile' }, user, callerOf(req), lang),
  );
  route(app, db, api.sendEmail, sendEmailInput, ({ input, user, req, lang }) =>
    requestCode(ctx, { ...input, channel: 'email' }, user, callerOf(req), lang),
  );

  route(app, db, api.userInfo, z.object({}), async ({ user }) => userView(user));
  route(app, db, api.login, loginInput, ({ input, req }) => login(ctx, input, callerOf(req)));
  route(app, db, api.logout, z.object({}), async ({ token }) => {
    await revokeSession(db, token!);
    return null;
  });
  route(app, db, api.forgetPassword, forgetPasswordInput, ({ input }) => forgetPassword(ctx, input));
  route(app, db, api.amendPassword, amendPasswordInput, ({ input, user }) => amendPassword(ctx, user, input));

  route(app, db, api.createDemo, demoInput, ({ input, req }) =>
    demoSession(ctx, input.demo_id, callerOf(req)),
  );
  route(app, db, api.resetDemo, z.object({}), ({ user }) => resetDemo(ctx, user));

  route(app, db, api.sessionList, z.object({}), async ({ user, token }) => listSessions(db, user, token!));
  route(app, db, api.sessionRevoke, z.object({ id }), async ({ user, input }) => {
    await revokeOwnSession(db, user, input.id);
    return said(null, 'session_revoked');
  });
  route(app, db, api.sessionRevokeOthers, z.object({}), async ({ user, token }) => {
    await revokeOtherSessions(db, user, token!);
    return said(null, 'session_revoked');
  });

  route(app, db, api.totpSetup, z.object({}), ({ user }) => setUpTotp(ctx, user));
  route(app, db, api.totpEnable, codeInput, ({ user, input, lang }) =>
    enableTotp(ctx, user, lang, input.code),
  );
  route(app, db, api.totpDisable, codeInput, ({ user, input, lang }) =>
    disableTotp(ctx, user, lang, input.code),
  );

  route(app, db, api.balance, z.object({}), async ({ user }) => balanceOf(user));
  route(app, db, api.forexDetail, z.object({}), async ({ user }) => accountDetail(deps.trading, user));
  route(app, db, api.ledger, pageInput, ({ input, user, lang }) => ledgerList(db, user, input.page, lang));
}
