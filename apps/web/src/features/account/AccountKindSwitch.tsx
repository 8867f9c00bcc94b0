import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUser } from '../../stores/user';
import { offerRealAccount } from './onlyRealAccount';
import { switchToDemo, switchToReal } from './switchAccount';

/**
 * Demo or real, as a two-way switch: the pressed side is the account shown (its badge), the other one tap
 * away. Real without a real account on this device offers to open one or sign in.
 */
export function AccountKindSwitch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const demo = useUser((s) => s.user?.is_demo === 1);
  const [busy, setBusy] = useState(false);

  const choose = async (toDemo: boolean) => {
    if (toDemo === demo) return;
    if (!toDemo) {
      if (!switchToReal()) void offerRealAccount(navigate, t('account.noRealYet'));
      return;
    }
    setBusy(true);
    try {
      await switchToDemo();
    } catch {
      // Shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="account-kind" aria-label={t('account.kind')}>
      {[true, false].map((side) => (
        <button
          key={String(side)}
          type="button"
          className={side === demo ? 'account-kind__side account-kind__side--on' : 'account-kind__side'}
          aria-pressed={side === demo}
          disabled={busy}
          onClick={() => void choose(side)}
        >
          {t(side ? 'account.demo' : 'account.real')}
        </button>
      ))}
    </fieldset>
  );
}
