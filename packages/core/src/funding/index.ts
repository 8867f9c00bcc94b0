export * from './withdrawal';
