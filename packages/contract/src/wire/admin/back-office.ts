import { adminEndpoint } from '../../endpoint';

export const adminBackOfficeEndpoints = {};
void adminEndpoint;
