// The whole database schema: one file per capability under tables/, gathered here for drizzle.
export * from './tables/accounts.ts';
export * from './tables/contact.ts';
export * from './tables/analytics.ts';
export * from './tables/mail.ts';
export * from './tables/templates.ts';
export * from './tables/sending.ts';
export * from './tables/billing.ts';
export * from './tables/rate-limits.ts';
export * from './tables/media.ts';
export * from './tables/deliverability.ts';
export * from './tables/insights.ts';
export * from './tables/journeys.ts';
export * from './tables/jobs.ts';
export * from './tables/purchase-message-schedule.ts';
export * from './tables/packing.ts';
export * from './tables/template-drafts.ts';
export * from './tables/template-versions.ts';
