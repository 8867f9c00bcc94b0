import type { Instrument } from '@meridian/contract';
import { useEffect, useState } from 'react';
import { type ExpiryChoice, expiryOf } from './expiry';
import { NO_STOP, type StopField } from './stopFields';

const GOOD_TILL_CANCELLED: ExpiryChoice = { kind: 'gtc' };

/**
 * The order as the trader writes it: market or pending (its price and expiry), lots, leverage, SL/TP and a
 * trailing stop. `sent` is the expiry as it would be sent now, with its refusal, if any.
 */
export function useOrderDraft(instrument: Instrument) {
  const [pending, setPending] = useState(false);
  const [target, setTarget] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>(GOOD_TILL_CANCELLED);
  const [lots, setLots] = useState(instrument.ForexMinCont);
  const [leverage, setLeverage] = useState<number | null>(instrument.HasForexMultiple[0]?.Value ?? null);
  const [sl, setSl] = useState<StopField>(NO_STOP);
  const [tp, setTp] = useState<StopField>(NO_STOP);
  const [trailing, setTrailing] = useState({ on: false, value: '' });

  // A new instrument starts from its own minimum lots and first leverage; a quote refresh does not reset the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the instrument's id alone
  useEffect(() => {
    setLots(instrument.ForexMinCont);
    setLeverage(instrument.HasForexMultiple[0]?.Value ?? null);
    setTarget('');
    setSl((field) => ({ ...field, value: '' }));
    setTp((field) => ({ ...field, value: '' }));
    setTrailing((field) => ({ ...field, value: '' }));
  }, [instrument.Id]);

  const sent = pending ? expiryOf(expiry, Date.now()) : { text: null, refusal: null };
  return {
    pending,
    setPending,
    target,
    setTarget,
    expiry,
    setExpiry,
    lots,
    setLots,
    leverage,
    setLeverage,
    sl,
    setSl,
    tp,
    setTp,
    trailing,
    setTrailing,
    sent,
  };
}

export type OrderDraft = ReturnType<typeof useOrderDraft>;
