import { api, type Preferences } from '@meridian/contract';
import { request } from './http';

/** Asked in the background: an ended session is cleared without a detour to /login. */
export const fetchPreferences = () => request(api.getPreferences, {}, { silent: true, init: true });
/** Indicators travel comma-separated, as a form sends them. */
export const savePreferences = ({ chart_indicators, ...rest }: Partial<Preferences>) =>
  request(api.setPreferences, {
    ...rest,
    ...(chart_indicators && { chart_indicators: chart_indicators.join(',') }),
  });

export type { Preferences };
