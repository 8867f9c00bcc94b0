import { endpoint } from '../endpoint';

export const settingsEndpoints = {};
void endpoint;
