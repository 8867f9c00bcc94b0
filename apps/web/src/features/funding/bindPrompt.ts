import { Dialog } from 'antd-mobile';
import type { NavigateFunction } from 'react-router-dom';
import type { DrawType } from '../../api/funding';
import { i18n } from '../../i18n';

/** SPEC.md §5 'not bind': no collection account yet, so offer the bind page. */
export function promptBind(navigate: NavigateFunction, type: DrawType): void {
  void Dialog.confirm({
    content: i18n.t('msg.notBind'),
    confirmText: i18n.t('funding.goBind'),
    cancelText: i18n.t('common.cancel'),
    onConfirm: () => navigate(`/mine/withdraw-way?type=${type}`),
  });
}
