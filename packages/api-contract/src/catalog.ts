/**
 * The schema-free part of the contract: plan data, password rules, the contact message limit, and
 * the marketplaces, messages and thresholds the dashboard shows. Import it as
 * `@thankly/api-contract/catalog` from code that must not load zod (the web app's public pages and
 * the dashboard, which load the schemas only when a form is sent). Everything here is also exported
 * from the package root.
 */
export * from './plan-catalog.ts';
export * from './password-rules.ts';
export * from './contact-limits.ts';
export * from './email-rules.ts';
export * from './marketplaces.ts';
export * from './order-events.ts';
export * from './connect-messages.ts';
export * from './template-messages.ts';
export * from './delivery-health.ts';
export * from './page-view-rules.ts';
