import type { Language } from '@meridian/contract';
import { type MessageKey, translate } from '../i18n';
import { localFigure } from '../i18n/figures';
import type { NotificationRow } from './schema';

/** The params that hold figures (prices, money, rates), stored as decimal text. */
const FIGURES = new Set(['price', 'level', 'profit', 'amount', 'rate', 'percent']);

/** The figures of `params` in the reader's way (1,234.50 · 1.234,50), at the decimals they were stored with. */
function localFigures(params: Record<string, string>, lang: Language): Record<string, string> {
  const out = { ...params };
  for (const [key, value] of Object.entries(params))
    if (FIGURES.has(key)) out[key] = localFigure(lang, value);
  return out;
}

/** The message keys copy_events.reason may hold: the refusals of placing an order, and copying's own. */
const asKey = (key: string | undefined) => (key ?? 'internal') as MessageKey;

/** A notification's body, made in the reader's language from its kind and params. */
function body(row: Pick<NotificationRow, 'kind' | 'params'>, lang: Language): string {
  const p = localFigures(row.params, lang);
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
