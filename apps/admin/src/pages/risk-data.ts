import { adminEndpoints } from '@meridian/contract';
/** The risk desk's live view (exposure and accounts at risk), pushed as server-sent events on every change. */
export const RISK_LIVE = adminEndpoints.riskLive;
