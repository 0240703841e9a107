export * from './api.ts';
export * from './catalogue.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './auth.ts';
export * from './text.ts';
export * from './geocode.ts';
