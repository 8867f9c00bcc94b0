import { i18n } from '../../i18n';
import { showAlert } from '../../ui/notice';

/** SPEC.md §6: a demo account asking for a real-only feature is told to register or sign in for real. */
export function showOnlyRealAccount(): void {
  showAlert(i18n.t('msg.onlyTrueAccount'), i18n.t('common.confirm'));
}
