/**
 * The schema-free part of the contract: plan data, password rules and the
 * contact message limit. Import it as
 * `@thankly/api-contract/catalog` from code that must not load zod (the web app's public pages).
 * Everything here is also exported from the package root.
 */
export * from './plan-catalog.ts';
export * from './password-rules.ts';
export * from './contact-limits.ts';
export * from './email-rules.ts';
