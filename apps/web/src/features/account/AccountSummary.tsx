import type { TraderView } from '@meridian/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../stores/user';
import { formatPercent } from '../../ui/format';
import { Money } from '../../ui/Money';
import { AccountKindSwitch } from './AccountKindSwitch';
import { useTraderView } from './useTraderView';

/** Each figure: its label, its value, and whether it moves with prices (greyed while they are not live). */
const FIGURES: [label: string, value: (view: TraderView) => string, live: boolean][] = [
  ['account.balance', (v) => v.balance.toFixed(), false],
  ['account.equity', (v) => v.equity.toFixed(), true],
  ['account.freeMargin', (v) => v.freeMargin.toFixed(), true],
  ['account.margin', (v) => v.margin.toFixed(), false],
  ['account.marginLevel', (v) => v.marginLevel?.toFixed(2) ?? '', true],
];

/**
 * The signed-in trader's account in MetaTrader's words (core's traderView of the wire's figures), live, with the
 * Demo/Real switch; `children` adds rows of the screen's own (the orders screen's P&L).
 */
export default function AccountSummary({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const isLogin = useUser((s) => s.isLogin);
  const view = useTraderView();
  if (!isLogin) return null;
  return (
    <section className="account-summary" aria-label={t('account.title')}>
      <AccountKindSwitch />
      <dl className="totals">
        {FIGURES.map(([label, value, live]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd className={live ? 'live-figure' : undefined}>
              {label === 'account.marginLevel' ? (
                <span className="num">{formatPercent(view && value(view), { signed: false })}</span>
              ) : (
                <Money value={view && value(view)} />
              )}
            </dd>
          </div>
        ))}
        {children}
      </dl>
    </section>
  );
}
