export * from './candles';
export * from './points';
export * from './schedule';
