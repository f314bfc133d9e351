// The delivery-health thresholds with no schema library: the dashboard shows them without loading
// zod. deliverability.ts re-exports them with its schemas.
export const BOUNCE_RATE_LIMIT = 0.05;
export const COMPLAINT_RATE_LIMIT = 0.003;
export const HEALTH_WINDOW_DAYS = 30;
export const HEALTH_MINIMUM_SAMPLE = 100;
