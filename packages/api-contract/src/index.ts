export * from './plans.ts';
export * from './passwords.ts';
export * from './auth.ts';
export * from './account.ts';
export * from './contact.ts';
export * from './analytics.ts';
export * from './errors.ts';
export * from './templates.ts';
