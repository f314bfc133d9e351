// Sections of the dashboard the setup checklist links to (Shops and Orders are the app shell's).
export const TEMPLATES_ANCHOR = 'templates';
export const COUPON_ANCHOR = 'coupon-code';
