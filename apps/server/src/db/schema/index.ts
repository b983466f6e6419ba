export * from './users';
export * from './configurations';
export * from './audit';
export * from './files';
export * from './services';
export * from './notifications';
