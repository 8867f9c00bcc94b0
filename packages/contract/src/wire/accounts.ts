import { endpoint } from '../endpoint';

export const accountsEndpoints = {};
void endpoint;
