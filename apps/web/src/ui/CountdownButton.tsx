import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC.md §9: after a code is sent the button waits 60 seconds. */
export const RESEND_SECONDS = 60;

/** "Send code", then a disabled countdown once `onSend` succeeded. */
export function CountdownButton({ onSend }: { onSend: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setBusy(true);
    try {
      await onSend();
      setLeft(RESEND_SECONDS);
    } catch {
      // The refusal was shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="none"
      disabled={left > 0}
      loading={busy}
      onClick={() => void send()}
    >
      {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
    </Button>
  );
}
