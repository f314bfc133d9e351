/** Spec section 9: the preview widths the 600px canvas is shown against. */
export const DEVICE_WIDTHS = { desktop: 1100, mobile: 390 } as const;
export type Device = keyof typeof DEVICE_WIDTHS;
export type Theme = 'light' | 'dark';
export type ViewMode = 'editor' | 'html';

/** How mail apps in dark mode commonly repaint an email: invert the lightness, keep the hues. */
export const DARK_FILTER = 'invert(1) hue-rotate(180deg)';
