export * from './candles';
export * from './indicators';
export * from './points';
export * from './schedule';
export * from './spikes';
