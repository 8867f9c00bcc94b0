export * from './api';
export * from './codes';
export * from './languages';
export * from './market';
export * from './orders';
export * from './periods';
export * from './ws';
