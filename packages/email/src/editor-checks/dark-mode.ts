// How a mail app in dark mode repaints an email that declares "light only" (email-shell.ts) but is
// darkened anyway: it inverts the lightness and keeps the hues, which is CSS
// `invert(1) hue-rotate(180deg)`, the filter the editor's Light/Dark preview applies
// (apps/web/src/editor/preview/preview-modes.ts). Computed here so the checks judge the colours the
// seller sees in that preview.

/** hue-rotate(180deg) as the Filter Effects spec's matrix (cos = -1, sin = 0). */
const HUE_ROTATE_180 = [
  [-0.574, 1.43, 0.144],
  [0.426, 0.43, 0.144],
  [0.426, 1.43, -0.856],
] as const;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** A #rrggbb colour as dark mode shows it. */
export function darkModeColor(hex: string): string {
  const inverted = [1, 3, 5].map((at) => 1 - parseInt(hex.slice(at, at + 2), 16) / 255);
  return `#${HUE_ROTATE_180.map((row) =>
    Math.round(clamp01(row[0] * inverted[0]! + row[1] * inverted[1]! + row[2] * inverted[2]!) * 255)
      .toString(16)
      .padStart(2, '0'),
  ).join('')}`;
}
