import type { endpoints, InputOf } from '@meridian/contract';
import type { Db } from '../db/client';
import { refuse } from '../http/errors';
import { hashPassword } from '../http/password';
import { readSettings } from '../settings';
import { checkCaptcha } from './captcha.service';
import { checkCode, consumeCode } from './codes.service';
import type { AccountsContext } from './context';
import { type Identity, type MobileIdentity, resolveIdentity } from './identity';
import { createUser } from './new-user';
import { assertNewPassword } from './password-rule';
import { userView } from './user-view';
import { findByInviteCode, findUser } from './users.repo';

export type RegisterInput = InputOf<typeof endpoints.register>;

async function anyTaken(db: Db, identities: Identity[]): Promise<boolean> {
  for (const identity of identities) if (await findUser(db, identity)) return true;
  return false;
}

/** Demo accounts cannot invite (TRADING.md "Funding"), so their codes do not count. */
async function inviterId(db: Db, code: string | undefined): Promise<number | null> {
  if (!code) return null;
  const inviter = await findByInviteCode(db, code.trim().toUpperCase());
  if (!inviter || inviter.isDemo) throw refuse('invite_code_invalid');
  return inviter.id;
}

export async function register(ctx: AccountsContext, input: RegisterInput) {
  const { db } = ctx;
  assertNewPassword(input.password, input.re_password);
  const login = await resolveIdentity(db, input.type, input.account, input.area_id, 'account');
  const contact =
    login.type === 'email' && input.mobile
      ? await resolveIdentity(db, 'mobile', input.mobile, input.area_id, 'mobile')
      : undefined;
  const identities = contact ? [login, contact] : [login];
  const phone = identities.find((i): i is MobileIdentity => i.type === 'mobile');
  if (await anyTaken(db, identities)) throw refuse('account_taken');
  const invitedBy = await inviterId(db, input.invite_code);

  const captchaMode = (await readSettings(db)).verify_reg_type === '2';
  let codeId: number | undefined;
  if (captchaMode) await checkCaptcha(ctx, input.key, input.sms_code);
  else codeId = await checkCode(ctx, login.recipient, 'register', input.sms_code);
  const passwordHash = await hashPassword(input.password);

  const user = await db.transaction(async (tx) => {
    if (codeId) await consumeCode(tx, codeId, new Date(ctx.now()));
    const created = await createUser(
      tx,
      {
        loginType: login.type,
        email: login.type === 'email' ? login.email : null,
        mobile: phone?.mobile ?? null,
        areaId: phone?.areaId ?? null,
        passwordHash,
        inviterId: invitedBy,
      },
      () => anyTaken(tx, identities),
    );
    if (!created) throw refuse('account_taken');
    return created;
  });
  return userView(user);
}
