import { ActionSheet, Button, Dialog, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { type CloseAllWhich, closeAll } from '../../api/trading';

const CHOICES: CloseAllWhich[] = ['all', 'profit', 'loss'];

/** Holding tab: close all positions, the winners or the losers, after a confirmation; says how many closed. */
export function CloseAllButton({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();

  const run = async (which: CloseAllWhich) => {
    const confirmed = await Dialog.confirm({
      content: t(`orders.closeAll.confirm.${which}`),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    const results = await closeAll(which).catch(() => null);
    if (!results) return;
    const closed = results.filter((r) => r.closed).length;
    const failed = results.find((r) => !r.closed);
    Toast.show({
      content: failed
        ? t('orders.closeAll.partly', { closed, total: results.length, reason: failed.msg })
        : t('orders.closeAll.done', { count: closed }),
    });
    onDone();
  };

  const choose = () => {
    const sheet = ActionSheet.show({
      actions: CHOICES.map((which) => ({
        key: which,
        text: t(`orders.closeAll.${which}`),
        danger: which === 'all',
        onClick: () => {
          sheet.close();
          void run(which);
        },
      })),
      cancelText: t('common.cancel'),
    });
  };

  return (
    <Button size="small" fill="outline" color="danger" className="close-all" onClick={choose}>
      {t('orders.closeAll.button')}
    </Button>
  );
}
