import type { Language } from '@meridian/contract';
import type { User } from '../http/sessions';
import { type MessageKey, type MessageParams, translate } from '../i18n';
import type { AccountsContext } from './context';
import { ownIdentity } from './identity';

/**
 * Tells the account's owner, at the address they sign in with, of a change to its security or its
 * money (a second factor turned on or off, a withdrawal address bound, a withdrawal asked for): if it
 * was not them, they know at once. A message that cannot be sent is logged; the change stands.
 */
export async function notifyAccount(
  ctx: Pick<AccountsContext, 'db' | 'delivery' | 'log'>,
  user: User,
  lang: Language,
  key: MessageKey,
  params: MessageParams = {},
): Promise<void> {
  const channel = user.loginType === 'mobile' ? 'mobile' : 'email';
  const identity = await ownIdentity(ctx.db, user, channel);
  if (!identity) return;
  try {
    await ctx.delivery[channel === 'email' ? 'email' : 'sms'].send({
      to: identity.recipient,
      subject: translate(lang, 'notice_subject'),
      text: `${translate(lang, key, params)} ${translate(lang, 'notice_not_you')}`,
    });
  } catch (err) {
    ctx.log.error({ err }, 'account notice delivery failed');
  }
}
