import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An instrument's display name (its ShowCode) in the interface language. Names that are words or that each
 * script writes its own way (Gold, Natural Gas, Bitcoin, Nikkei 225) are translated under `instrumentName.*`;
 * codes (EUR/USD) and company brands (Apple) have no entry and are shown as the server sends them, as is any
 * instrument added later in the back office.
 */
export function useInstrumentName(): (showCode: string) => string {
  const { t } = useTranslation();
  // The same function until the language changes, so that memoized rows given it do not re-render, and
  // each name looked up once per language: the market list asks again on every quote (issue 11).
  return useMemo(() => {
    const names = new Map<string, string>();
    return (showCode: string) => {
      let name = names.get(showCode);
      if (name === undefined) {
        name = t(`instrumentName.${showCode}`, { defaultValue: showCode, nsSeparator: false });
        names.set(showCode, name);
      }
      return name;
    };
  }, [t]);
}
