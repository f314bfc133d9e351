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

// Small memo tables: a handful of fonts are used over and over. Bounded so that a stream of
// distinct font names (any seller can type one) cannot grow memory without limit.
const MAX_CACHED_FONTS = 256;
const stackCache = new Map<string, string>();

function remember(cache: Map<string, string>, key: string, value: string): string {
  if (cache.size >= MAX_CACHED_FONTS) cache.clear();
  cache.set(key, value);
  return value;
}

/**
 * A font stack ready for a style attribute: double quotes become single quotes (the attribute is
 * double-quoted) and a generic fallback is appended when the stack lacks one.
 */
export function toFontStack(fontFamily: string): string {
  let stack = stackCache.get(fontFamily);
  if (stack === undefined) {
    stack = fontFamily.replace(/"/g, "'").trim();
    if (!GENERIC_FAMILIES.test(stack)) stack = `${stack}, ${SAFE_FALLBACK}`;
    remember(stackCache, fontFamily, stack);
  }
  return stack;
}

const googleFamilyCache = new Map<string, string>();

/** The stack's first family if it is a Google Font we link, else ''. */
function googleFamilyOf(fontFamily: string): string {
  let family = googleFamilyCache.get(fontFamily);
  if (family === undefined) {
    const first = (fontFamily.split(',')[0] ?? '').replace(/["']/g, '').trim();
    family = remember(googleFamilyCache, fontFamily, GOOGLE_FONTS.has(first) ? first : '');
  }
  return family;
}

/** The Google Fonts stylesheet URL for the web fonts used, or '' when none are. */
export function webFontsUrl(fontFamilies: Iterable<string>): string {
  const families = new Set<string>();
  for (const fontFamily of fontFamilies) {
    const family = googleFamilyOf(fontFamily);
    if (family) families.add(family);
  }
  if (families.size === 0) return '';
  const params = [...families]
    .sort()
    .map((family) => `family=${family.replace(/ /g, '+')}:wght@400;700`)
    .join('&amp;');
  return `https://fonts.googleapis.com/css2?${params}&amp;display=swap`;
}
