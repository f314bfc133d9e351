/**
 * Text as a marketplace sends it is not always text PostgreSQL will store. A name cut to a fixed
 * length inside an emoji leaves half of a surrogate pair, which JSON can escape but no jsonb column
 * accepts; a NUL is refused in text and JSON alike. Either one would fail its order on every try,
 * and, quoted in an error that is itself stored as JSON, take down what records the failure. Every
 * text a marketplace sends passes through here before it reaches JSON, the database or a template:
 * the broken half becomes U+FFFD (what a mail client would show for it) and a NUL goes, since it
 * never means anything.
 */
export function storableText(text: string): string {
  return text.toWellFormed().replaceAll('\0', '');
}

/** `storableText` on every string inside a value (an order, a parsed reply). */
export function storableDeep<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storableDeep) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [storableText(key), storableDeep(inner)]),
    ) as T;
  return value;
}

/** JSON.parse whose strings are all storable: for replies and deliveries from a marketplace. */
export function parseStorableJson(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) =>
    typeof value === 'string' ? storableText(value) : value,
  );
}
