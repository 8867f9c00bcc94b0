import type { ApiName } from './api';
import type { Endpoint } from './endpoint';
import { accountsEndpoints } from './wire/accounts';
import { alertsEndpoints } from './wire/alerts';
import { contentEndpoints } from './wire/content';
import { copyingEndpoints } from './wire/copying';
import { fundingEndpoints } from './wire/funding';
import { kycEndpoints } from './wire/kyc';
import { marketEndpoints } from './wire/market';
import { notificationsEndpoints } from './wire/notifications';
import { preferencesEndpoints } from './wire/preferences';
import { rankingEndpoints } from './wire/ranking';
import { settingsEndpoints } from './wire/settings';
import { statementsEndpoints } from './wire/statements';
import { tradingEndpoints } from './wire/trading';
import { watchlistEndpoints } from './wire/watchlist';

/**
 * Every trader-facing call with its input and answer schemas, by the name `api` gives it. The server
 * registers its routes from these, the API reference is built from them, and the clients take their types.
 */
export const endpoints = {
  ...accountsEndpoints,
  ...settingsEndpoints,
  ...marketEndpoints,
  ...tradingEndpoints,
  ...fundingEndpoints,
  ...kycEndpoints,
  ...contentEndpoints,
  ...rankingEndpoints,
  ...copyingEndpoints,
  ...preferencesEndpoints,
  ...watchlistEndpoints,
  ...alertsEndpoints,
  ...notificationsEndpoints,
  ...statementsEndpoints,
} satisfies Record<ApiName, Endpoint>;

/** The same calls by area, as the API reference groups them. */
export const endpointAreas: Record<string, Record<string, Endpoint>> = {
  Accounts: accountsEndpoints,
  Settings: settingsEndpoints,
  Market: marketEndpoints,
  Trading: tradingEndpoints,
  Funding: fundingEndpoints,
  Identity: kycEndpoints,
  Content: contentEndpoints,
  Leaderboard: rankingEndpoints,
  'Copy trading': copyingEndpoints,
  Preferences: preferencesEndpoints,
  Watchlist: watchlistEndpoints,
  'Price alerts': alertsEndpoints,
  Notifications: notificationsEndpoints,
  Statements: statementsEndpoints,
};

export { adminEndpoints } from './wire/admin';
