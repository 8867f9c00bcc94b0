import type { endpoints, InputOf } from '@meridian/contract';
import { tellSessionsEnded } from '../bus/channels';
import { codeAccount, throttledCodeCheck } from '../http/code-throttle';
import { refuse } from '../http/errors';
import { hashPassword } from '../http/password';
import { said } from '../http/route';
import { revokeUserSessions, type User } from '../http/sessions';
import { checkCode, consumeCode } from './codes.service';
import type { AccountsContext } from './context';
import { ownIdentity, resolveIdentity } from './identity';
import { assertNewPassword } from './password-rule';
import { findUser, setPasswordHash } from './users.repo';

export type ForgetPasswordInput = InputOf<typeof endpoints.forgetPassword>;

export type AmendPasswordInput = InputOf<typeof endpoints.amendPassword>;

/** Sets the password with the reset code `codeId` (checked), using it up, then signs the user out everywhere. */
async function changePassword(
  { db, now, bus }: AccountsContext,
  user: User,
  codeId: number,
  password: string,
) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const at = new Date(now());
    await consumeCode(tx, codeId, at);
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeUserSessions(tx, user.id, at);
  });
  tellSessionsEnded(bus, user.id);
  return said(null, 'password_changed');
}

/**
 * The signed-out reset. Its code is not counted under the account's code throttle: anyone may ask for a
 * reset, and a stranger's wrong codes must not hold back the owner's; the code's own tries bound guessing.
 */
export async function forgetPassword(ctx: AccountsContext, input: ForgetPasswordInput) {
  assertNewPassword(input.new_password, input.secondary_password);
  const identity = await resolveIdentity(ctx.db, input.type, input.account, input.area_id, 'account');
  const user = await findUser(ctx.db, identity);
  // Without an account there was no code to send: the same refusal as a wrong code.
  if (!user || user.isDemo) throw refuse('code_invalid');
  const codeId = await checkCode(ctx, identity.recipient, 'reset', input.auth_code);
  return changePassword(ctx, user, codeId, input.new_password);
}

/**
 * SPEC.md §5: the signed-in reset repeats the password on the client only; the server checks the rule. Its
 * code is checked under the account's code throttle, as every code a session can try.
 */
export async function amendPassword(ctx: AccountsContext, user: User, input: AmendPasswordInput) {
  assertNewPassword(input.new_password, input.new_password);
  const identity = await ownIdentity(ctx.db, user, input.type);
  if (!identity) throw refuse('code_invalid');
  const codeId = await throttledCodeCheck(ctx.throttle, codeAccount.trader(user.id), () =>
    checkCode(ctx, identity.recipient, 'reset', input.auth_code),
  );
  return changePassword(ctx, user, codeId, input.new_password);
}
