// Said while the text and background colours are too close for buyers to read comfortably.
import { MIN_TEXT_CONTRAST, contrastRatio, isHexColor } from './brand-form.ts';

export function ContrastHint({ text, background }: { text: string; background: string }) {
  if (!isHexColor(text) || !isHexColor(background)) return null;
  const ratio = contrastRatio(text, background);
  if (ratio >= MIN_TEXT_CONTRAST) return null;
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <strong>Hard to read:</strong> the text colour on the background colour has a contrast of{' '}
      {ratio.toFixed(1)}:1. Buyers read comfortably from {MIN_TEXT_CONTRAST}:1; pick a darker text
      or a lighter background (or the other way round).
    </p>
  );
}
