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

/** WCAG AA for normal-size text: what the footer's small print must reach on its backdrop. */
export const MIN_TEXT_CONTRAST = 4.5;

const hex2 = (value: number) =>
  Math.round(Math.min(255, Math.max(0, value)))
    .toString(16)
    .padStart(2, '0');

/**
 * A design colour (#rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(); see colorSchema) as #rrggbb,
 * a translucent one as it shows over white (a mail client's page), or null for none/transparent.
 */
export function opaqueHex(color: string): string | null {
  const value = color.trim().toLowerCase();
  let channels: number[] | null = null;
  let alpha = 1;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])([0-9a-f])?$/.exec(value);
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/.exec(value);
  const functional = /^rgba?\(([^)]*)\)$/.exec(value);
  if (short) {
    channels = [short[1]!, short[2]!, short[3]!].map((digit) => parseInt(digit + digit, 16));
    if (short[4]) alpha = parseInt(short[4] + short[4], 16) / 255;
  } else if (long) {
    channels = [long[1]!, long[2]!, long[3]!].map((pair) => parseInt(pair, 16));
    if (long[4]) alpha = parseInt(long[4], 16) / 255;
  } else if (functional) {
    const parts = functional[1]!.split(',').map((part) => part.trim());
    const number = (part: string, full: number) =>
      part.endsWith('%') ? (parseFloat(part) / 100) * full : parseFloat(part);
    channels = parts.slice(0, 3).map((part) => number(part, 255));
    if (parts[3] !== undefined) alpha = number(parts[3], 1);
  }
  if (!channels || channels.length !== 3 || channels.some(Number.isNaN)) return null;
  const a = Math.min(1, Math.max(0, Number.isNaN(alpha) ? 1 : alpha));
  return `#${channels.map((c) => hex2(c * a + 255 * (1 - a))).join('')}`;
}

function mix(from: string, to: string, share: number): string {
  const at = (hex: string, i: number) => parseInt(hex.slice(i, i + 2), 16);
  return `#${[1, 3, 5].map((i) => hex2(at(from, i) + (at(to, i) - at(from, i)) * share)).join('')}`;
}

/**
 * Small print (a footer) on `background`: the quiet grey `preferred` where it reads at 4.5:1, else
 * that grey taken toward black or white (whichever the background sets off more) just far enough.
 * A background that is no colour (none, transparent) reads as the mail client's white.
 */
export function mutedTextOn(background: string, preferred = '#6b7280'): string {
  const backdrop = opaqueHex(background) ?? '#ffffff';
  if (contrastRatio(preferred, backdrop) >= MIN_TEXT_CONTRAST) return preferred;
  const toward =
    contrastRatio(BLACK_LABEL, backdrop) >= contrastRatio(LIGHT_LABEL, backdrop)
      ? BLACK_LABEL
      : LIGHT_LABEL;
  // Contrast grows steadily as the grey moves toward the end the background sets off: the
  // first step that reads is the gentlest change (black or white itself always reads).
  for (let step = 1; step <= 20; step++) {
    const candidate = mix(preferred, toward, step / 20);
    if (contrastRatio(candidate, backdrop) >= MIN_TEXT_CONTRAST) return candidate;
  }
  return toward;
}
