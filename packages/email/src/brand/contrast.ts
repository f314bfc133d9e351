// WCAG 2 contrast of two #rrggbb colours, and the label colour that reads on a brand colour.

/** White, or a near-black that stays soft on the eye. */
export const LIGHT_LABEL = '#ffffff';
export const DARK_LABEL = '#111111';
const BLACK_LABEL = '#000000';

function channel(hex: string, at: number): number {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * White when it reads at 4.5:1 on `background`, else near-black, else black. Every colour reads at
 * 4.5:1 or better with white or with black (the two ratios cannot both fall below about 4.58).
 */
export function readableTextOn(background: string): string {
  if (contrastRatio(LIGHT_LABEL, background) >= 4.5) return LIGHT_LABEL;
  if (contrastRatio(DARK_LABEL, background) >= 4.5) return DARK_LABEL;
  return BLACK_LABEL;
}
