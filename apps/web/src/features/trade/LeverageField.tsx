import { Picker, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  leverages: number[];
  leverage: number | null;
  onChange(leverage: number): void;
}

/** The leverage, picked among the instrument's HasForexMultiple values. */
export function LeverageField({ leverages, leverage, onChange }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="field">
      <span>{t('order.leverage')}</span>
      <button
        type="button"
        className="picker-button num"
        onClick={() => (leverages.length === 0 ? Toast.show({ content: t('msg.noMult') }) : setOpen(true))}
      >
        {leverage === null ? '--' : `1:${leverage}`}
      </button>
      <Picker
        columns={[leverages.map((v) => ({ label: `1:${v}`, value: String(v) }))]}
        visible={open}
        onClose={() => setOpen(false)}
        value={leverage === null ? [] : [String(leverage)]}
        onConfirm={(value) => value[0] && onChange(Number(value[0]))}
      />
    </div>
  );
}
