import type { Language } from '@meridian/contract';
import { invalidInput, refuse } from '../http/errors';
import { said } from '../http/route';
import type { User } from '../http/sessions';
import { type CodePurpose, sendCode } from './codes.service';
import type { AccountsContext, Caller } from './context';
import { type LoginType, ownIdentity, resolveIdentity } from './identity';
import { findUser } from './users.repo';

export interface CodeOrder {
  channel: LoginType;
  /** 1 register, 2 reset (SPEC.md §7), 3 a step-up code for moving money, to a signed-in trader's own address. */
  type: '1' | '2' | '3';
  /** Omitted by a signed-in user asking for a reset code to their own address. */
  to?: string;
  area_id?: number;
}

const PURPOSES: Record<CodeOrder['type'], CodePurpose> = { '1': 'register', '2': 'reset', '3': 'money' };

/**
 * send_email and send_sms: a register code for a free address, a reset code for an existing account, a
 * step-up code to the signed-in trader's own address (never to one the caller names).
 */
export async function requestCode(
  ctx: AccountsContext,
  order: CodeOrder,
  user: User | null,
  caller: Caller,
  lang: Language,
) {
  const purpose = PURPOSES[order.type];
  if (purpose === 'money' && (!user || user.isDemo)) throw refuse('only_true_account');
  const identity =
    order.to && purpose !== 'money'
      ? await resolveIdentity(ctx.db, order.channel, order.to, order.area_id, 'to')
      : user && purpose !== 'register'
        ? await ownIdentity(ctx.db, user, order.channel)
        : undefined;
  if (!identity) throw invalidInput('to');
  const owner = await findUser(ctx.db, identity);
  if (purpose === 'register' && owner) throw refuse('account_taken');
  await sendCode(ctx, {
    recipient: identity.recipient,
    purpose,
    transport: ctx.delivery[order.channel === 'email' ? 'email' : 'sms'],
    ip: caller.ip,
    lang,
    deliver: purpose !== 'reset' || Boolean(owner && !owner.isDemo),
  });
  return said(null, 'code_sent');
}
