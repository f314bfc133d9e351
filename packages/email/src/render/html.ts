// String helpers for building HTML by concatenation (fast, and byte-for-byte deterministic).

const HTML_SPECIAL = /[&<>"']/;
const HTML_SPECIAL_GLOBAL = /[&<>"']/g;
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for use in element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  // Most strings have nothing to escape; testing first avoids allocating a copy.
  if (!HTML_SPECIAL.test(text)) return text;
  return text.replace(HTML_SPECIAL_GLOBAL, (char) => HTML_ESCAPES[char] ?? char);
}

/** `top right bottom left` in px, collapsed to one value when all four match. */
export function boxLengths(top: number, right: number, bottom: number, left: number): string {
  if (top === right && right === bottom && bottom === left) return `${top}px`;
  return `${top}px ${right}px ${bottom}px ${left}px`;
}
