import { useTranslation } from 'react-i18next';
import { PageTitle } from '../ui/PageTitle';
import { DepositChannels } from './payments/DepositChannels';
import { WithdrawCurrencies } from './payments/WithdrawCurrencies';

/** Where traders send deposits and what they may withdraw to: the finance desk edits both, every change audited. */
export function Payments() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('nav.payments')} />
      <DepositChannels />
      <WithdrawCurrencies />
    </>
  );
}
