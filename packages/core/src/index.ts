export * from './decimal';
export * from './funding';
export * from './market';
export * from './trading';
