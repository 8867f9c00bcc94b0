import type { Language } from '@meridian/contract';
import { type MessageKey, translate } from '../i18n';
import type { NotificationRow } from './schema';

/** The message keys copy_events.reason may hold: the refusals of placing an order, and copying's own. */
const asKey = (key: string | undefined) => (key ?? 'internal') as MessageKey;

/**
 * A notification's body, made in the reader's language from its kind and params (translate writes the
 * figures, stored as decimal text, in the reader's way).
 */
function body(row: Pick<NotificationRow, 'kind' | 'params'>, lang: Language): string {
  const p = row.params;
  switch (row.kind) {
    case 'alert_fired': {
      const text = translate(lang, p.direction === 'below' ? 'notif_alert_below' : 'notif_alert_above', p);
      return p.note ? `${text}\n${p.note}` : text;
    }
    case 'deposit_refused':
    case 'withdrawal_refused': {
      const reason = p.reason || translate(lang, 'withdraw_returned_for_loss');
      return translate(lang, `notif_${row.kind}`, { ...p, reason });
    }
    case 'copy_failed': {
      const reason = translate(lang, asKey(p.reason), JSON.parse(p.reason_params || '{}'));
      return translate(lang, 'notif_copy_failed', { ...p, reason });
    }
    case 'copy_stopped':
      return translate(
        lang,
        p.reason === 'provider_left' ? 'notif_copy_provider_left' : 'notif_copy_loss_limit',
        p,
      );
    default:
      return translate(lang, `notif_${row.kind}`, p);
  }
}

/** Title and text of a notification in `lang`. */
export function noticeText(row: Pick<NotificationRow, 'kind' | 'params'>, lang: Language) {
  return { title: translate(lang, `notif_${row.kind}_title`), text: body(row, lang) };
}
