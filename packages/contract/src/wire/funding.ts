import { endpoint } from '../endpoint';

export const fundingEndpoints = {};
void endpoint;
