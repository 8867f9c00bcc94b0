import type { ApiName } from './api';
import type { Endpoint } from './endpoint';
import { accountsEndpoints } from './wire/accounts';
import { contentEndpoints } from './wire/content';
import { fundingEndpoints } from './wire/funding';
import { kycEndpoints } from './wire/kyc';
import { marketEndpoints } from './wire/market';
import { rankingEndpoints } from './wire/ranking';
import { settingsEndpoints } from './wire/settings';
import { tradingEndpoints } from './wire/trading';

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
} satisfies Partial<Record<ApiName, Endpoint>>;

export { adminEndpoints } from './wire/admin';
