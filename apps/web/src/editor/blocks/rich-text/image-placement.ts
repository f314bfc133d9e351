// Spec section 4: an image up to 1.8 times the font size sits in the line like a glyph (an icon, a
// small logo); anything larger gets a full-width image block of its own.
export const INLINE_IMAGE_FACTOR = 1.8;

/** Where an image of `width` px goes when the text around the cursor is `fontSize` px. */
export function placeImage(width: number | null, fontSize: number): 'inline' | 'block' {
  // Without a width its size is unknown until it loads; a block is the safe place for a picture.
  if (width === null || !Number.isFinite(width) || width <= 0) return 'block';
  return width <= INLINE_IMAGE_FACTOR * fontSize ? 'inline' : 'block';
}

/** The px size of a CSS font-size like '18px', or null for anything else. */
export function pxOf(fontSize: unknown): number | null {
  if (typeof fontSize !== 'string') return null;
  const match = /^(\d+(?:\.\d+)?)px$/.exec(fontSize.trim());
  return match ? Number(match[1]) : null;
}

/** Digits only, as the width and height fields accept (spec section 5). */
export const digitsOnly = (value: string) => value.replace(/\D+/g, '').slice(0, 4);
