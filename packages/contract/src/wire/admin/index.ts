import type { AdminEndpoint } from '../../endpoint';
import { adminBackOfficeEndpoints } from './back-office';
import { adminContentEndpoints } from './content';
import { adminExportEndpoints } from './exports';
import { adminFundingEndpoints } from './funding';
import { adminReportEndpoints } from './reports';

/** Every back-office call under /admin/api with its roles, input and answer. */
export const adminEndpoints = {
  ...adminBackOfficeEndpoints,
  ...adminFundingEndpoints,
  ...adminContentEndpoints,
  ...adminReportEndpoints,
  ...adminExportEndpoints,
} satisfies Record<string, AdminEndpoint>;
