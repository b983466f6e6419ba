import './zod-config';
export * from './constants';
export * from './messages';
export * from './auth';
export * from './time';
export * from './money';
export * from './pagination';
export * from './notifications';
