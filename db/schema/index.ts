export * from './catalog';
export * from './listing';
export * from './menu';
export * from './session';
export * from './outbox';
export * from './auth';
export * from './orders';
export * from './feedback';
