import { endpoint } from '../endpoint';

export const marketEndpoints = {};
void endpoint;
