export * from './kinds.ts';
export * from './variables.ts';
export * from './api.ts';
export * from './document.ts';
export * from './templates.ts';
export * from './fleet.ts';
