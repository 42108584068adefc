export * from './commerce.js';
export * from './core.js';
