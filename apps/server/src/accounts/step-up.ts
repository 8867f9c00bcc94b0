import type { Tx } from '../db/client';
import { codeAccount, throttledCodeCheck } from '../http/code-throttle';
import { refuse } from '../http/errors';
import type { User } from '../http/sessions';
import { checkCode, consumeCode } from './codes.service';
import type { AccountsContext } from './context';
import { ownIdentity } from './identity';
import { useTotp } from './totp.service';

/** What a trader sends to prove it is them before money can leave: a step-up code, or the authenticator's code. */
export interface StepUpProof {
  auth_code?: string;
  totp?: string;
}

/**
 * Step-up before binding a withdrawal address or asking for a withdrawal: a session alone is not enough.
 * With a second factor on, its current code; otherwise a fresh code sent to the account's own e-mail or
 * phone (send_email or send_sms with type 3). Either is checked under the account's code throttle. Returns
 * what uses the code up, for the change's transaction, so a refused change leaves it usable.
 */
export async function proveStepUp(
  ctx: Pick<AccountsContext, 'db' | 'now' | 'secrets' | 'throttle'>,
  user: User,
  proof: StepUpProof,
): Promise<(tx: Tx) => Promise<void>> {
  if (user.totpSecret) {
    if (!proof.totp || !(await useTotp(ctx, user, proof.totp))) throw refuse('totp_invalid');
    return async () => {};
  }
  const identity = await ownIdentity(ctx.db, user, user.loginType === 'mobile' ? 'mobile' : 'email');
  if (!identity) throw refuse('code_invalid');
  const codeId = await throttledCodeCheck(ctx.throttle, codeAccount.trader(user.id), () =>
    checkCode(ctx, identity.recipient, 'money', proof.auth_code),
  );
  return (tx) => consumeCode(tx, codeId, new Date(ctx.now()));
}
