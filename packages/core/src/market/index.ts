export * from './candles';
export * from './indicators';
export * from './points';
export * from './quote';
export * from './schedule';
export * from './spikes';
