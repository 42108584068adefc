export * from './analytics.js';
export * from './commerce.js';
export * from './core.js';
export * from './themes.js';
