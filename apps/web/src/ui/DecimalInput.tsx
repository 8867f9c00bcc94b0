import { Input, type InputProps } from 'antd-mobile';
import { useState } from 'react';
import { useApp } from '../stores/app';
import { readDecimal, writeDecimal } from './typedDecimal';

type Props = Omit<InputProps, 'value' | 'onChange' | 'inputMode'> & {
  /** The number as plain decimal text ("0.02"), or what was typed when it is no number in the language. */
  value: string;
  onChange(value: string): void;
  /** Whole numbers (points) take the numeric keypad; the rest the decimal one. */
  inputMode?: 'decimal' | 'numeric';
};

/**
 * A number field in the language of the screen: it shows the number with the language's decimal sign
 * ("0,02"), reads what is typed with readDecimal and hands on plain decimal text ("0.02"); text that is no
 * number is handed on as typed, for the checks to refuse. A value set from outside (a stepper, a share, a
 * reset) is shown afresh.
 */
export function DecimalInput({ value, onChange, inputMode = 'decimal', ...props }: Props) {
  const lang = useApp((s) => s.lang);
  const [typed, setTyped] = useState(() => writeDecimal(value, lang));
  const shown = writeDecimal(value, lang);
  if ((readDecimal(typed, lang) ?? typed) !== value && typed !== shown) setTyped(shown);
  return (
    <Input
      {...props}
      inputMode={inputMode}
      value={typed}
      onChange={(next) => {
        setTyped(next);
        onChange(readDecimal(next, lang) ?? next);
      }}
    />
  );
}
