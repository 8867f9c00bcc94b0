import { adminEndpoint } from '../../endpoint';

export const adminFundingEndpoints = {};
void adminEndpoint;
