import { endpoint } from '../endpoint';

export const contentEndpoints = {};
void endpoint;
