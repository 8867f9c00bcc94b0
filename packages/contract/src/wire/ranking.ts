import { endpoint } from '../endpoint';

export const rankingEndpoints = {};
void endpoint;
