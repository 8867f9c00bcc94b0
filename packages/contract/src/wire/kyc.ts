import { endpoint } from '../endpoint';

export const kycEndpoints = {};
void endpoint;
