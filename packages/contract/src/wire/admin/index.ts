import type { AdminEndpoint } from '../../endpoint';
import { adminBackOfficeEndpoints } from './back-office';
import { adminContentEndpoints } from './content';
import { adminFundingEndpoints } from './funding';

/** Every back-office call under /admin/api with its roles, input and answer. */
export const adminEndpoints = {
  ...adminBackOfficeEndpoints,
  ...adminFundingEndpoints,
  ...adminContentEndpoints,
} satisfies Record<string, AdminEndpoint>;
