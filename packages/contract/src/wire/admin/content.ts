import { adminEndpoint } from '../../endpoint';

export const adminContentEndpoints = {};
void adminEndpoint;
