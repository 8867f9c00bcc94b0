import { useTranslation } from 'react-i18next';

/**
 * An instrument's display name (its ShowCode) in the interface language. Names that are words (Gold,
 * Natural Gas) are translated under `instrumentName.*`; codes (EUR/USD) and brands (Apple, Bitcoin) have no
 * entry and are shown as the server sends them, as is any instrument added later in the back office.
 */
export function useInstrumentName(): (showCode: string) => string {
  const { t } = useTranslation();
  return (showCode) => t(`instrumentName.${showCode}`, { defaultValue: showCode, nsSeparator: false });
}
