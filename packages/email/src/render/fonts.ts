// Web fonts: the design names a font stack; if its first family is a Google Font we link it, and the
// rest of the stack (ending in a generic family) is what clients without web fonts use.

const GOOGLE_FONTS = new Set([
  'Inter',
  'Roboto',
  'Open Sans',
  'Lato',
  'Montserrat',
  'Poppins',
  'Nunito',
  'Raleway',
  'Work Sans',
  'DM Sans',
  'Rubik',
  'Source Sans 3',
  'Noto Sans',
  'Oswald',
  'Merriweather',
  'Playfair Display',
  'Lora',
  'PT Serif',
  'Libre Baskerville',
  'EB Garamond',
  'Crimson Text',
  'Josefin Sans',
  'Quicksand',
  'Caveat',
  'Dancing Script',
]);

const GENERIC_FAMILIES = /(^|,)\s*(serif|sans-serif|monospace|cursive|fantasy|system-ui)\s*$/i;
const SAFE_FALLBACK = 'Helvetica, Arial, sans-serif';

const stackCache = new Map<string, string>();

/**
 * A font stack ready for a style attribute: double quotes become single quotes (the attribute is
 * double-quoted) and a generic fallback is appended when the stack lacks one.
 */
export function toFontStack(fontFamily: string): string {
  let stack = stackCache.get(fontFamily);
  if (stack === undefined) {
    stack = fontFamily.replace(/"/g, "'").trim();
    if (!GENERIC_FAMILIES.test(stack)) stack = `${stack}, ${SAFE_FALLBACK}`;
    stackCache.set(fontFamily, stack);
  }
  return stack;
}

function firstFamily(fontFamily: string): string {
  const first = fontFamily.split(',')[0] ?? '';
  return first.replace(/["']/g, '').trim();
}

/** The Google Fonts stylesheet URL for the web fonts used, or '' when none are. */
export function webFontsUrl(fontFamilies: Iterable<string>): string {
  const families = new Set<string>();
  for (const fontFamily of fontFamilies) {
    const family = firstFamily(fontFamily);
    if (GOOGLE_FONTS.has(family)) families.add(family);
  }
  if (families.size === 0) return '';
  const params = [...families]
    .sort()
    .map((family) => `family=${family.replace(/ /g, '+')}:wght@400;700`)
    .join('&amp;');
  return `https://fonts.googleapis.com/css2?${params}&amp;display=swap`;
}
