import type { endpoints, InputOf } from '@meridian/contract';
import { refuse } from '../http/errors';
import { hashPassword } from '../http/password';
import { said } from '../http/route';
import { revokeUserSessions, type User } from '../http/sessions';
import { checkCode, consumeCode } from './codes.service';
import type { AccountsContext } from './context';
import { type Identity, ownIdentity, resolveIdentity } from './identity';
import { assertNewPassword } from './password-rule';
import { findUser, setPasswordHash } from './users.repo';

export type ForgetPasswordInput = InputOf<typeof endpoints.forgetPassword>;

export type AmendPasswordInput = InputOf<typeof endpoints.amendPassword>;

/** Sets the password with a reset code sent to `identity`, then signs the user out everywhere. */
async function changePassword(
  { db }: AccountsContext,
  user: User | undefined,
  identity: Identity | undefined,
  code: string,
  password: string,
) {
  // Without an account there was no code to send: the same refusal as a wrong code.
  if (!user || user.isDemo || !identity) throw refuse('code_invalid');
  const codeId = await checkCode(db, identity.recipient, 'reset', code);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await consumeCode(tx, codeId);
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeUserSessions(tx, user.id);
  });
  return said(null, 'password_changed');
}

export async function forgetPassword(ctx: AccountsContext, input: ForgetPasswordInput) {
  assertNewPassword(input.new_password, input.secondary_password);
  const identity = await resolveIdentity(ctx.db, input.type, input.account, input.area_id, 'account');
  const user = await findUser(ctx.db, identity);
  return changePassword(ctx, user, identity, input.auth_code, input.new_password);
}

/** SPEC.md §5: the signed-in reset repeats the password on the client only; the server checks the rule. */
export async function amendPassword(ctx: AccountsContext, user: User, input: AmendPasswordInput) {
  assertNewPassword(input.new_password, input.new_password);
  const identity = await ownIdentity(ctx.db, user, input.type);
  return changePassword(ctx, user, identity, input.auth_code, input.new_password);
}
