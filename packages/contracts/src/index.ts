export * from './analytics.js';
export * from './auth.js';
export * from './catalog.js';
export * from './common.js';
export * from './dashboard.js';
export * from './staff.js';
export * from './storefront.js';
export * from './themes.js';
