export * from './auth.js';
export * from './companies.js';
export * from './plans.js';
export * from './users.js';
