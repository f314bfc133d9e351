// Plain-text fields that travel beside the design: the inbox preview line (preheader) and the
// seller's postal address for the footer. Both end up inside HTML, escaped at render; here they are
// normalised so that what is stored is what is shown.
import { z } from 'zod';

/** Inbox previews show up to about 140 characters; anything longer is never seen. */
export const PREHEADER_MAX_LENGTH = 150;
/** A postal address fits comfortably; the footer stays within what the size check allows for it. */
export const POSTAL_ADDRESS_MAX_LENGTH = 200;
export const POSTAL_ADDRESS_MAX_LINES = 5;

// Control characters (line breaks included) and bidirectional overrides, which could make the text
// display as something other than what it says.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g;

function oneLine(value: string): string {
  return value.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
}

/** Normalises a preheader: one line, no control characters, trimmed. */
export function normalizePreheader(value: string): string {
  return oneLine(value);
}

/** Normalises an address: its lines kept (a postal address has them), each cleaned, empty ones dropped. */
export function normalizePostalAddress(value: string): string {
  return value
    .split(/\r\n|\r|\n/)
    .map(oneLine)
    .filter((line) => line !== '')
    .join('\n');
}

export const preheaderSchema = z
  .string({ error: 'The preview text must be text.' })
  .overwrite(normalizePreheader)
  .max(
    PREHEADER_MAX_LENGTH,
    `Please keep the preview text under ${PREHEADER_MAX_LENGTH} characters.`,
  );

export const postalAddressSchema = z
  .string({ error: 'The postal address must be text.' })
  .overwrite(normalizePostalAddress)
  .max(
    POSTAL_ADDRESS_MAX_LENGTH,
    `Please keep the postal address under ${POSTAL_ADDRESS_MAX_LENGTH} characters.`,
  )
  .refine(
    (value) => value.split('\n').length <= POSTAL_ADDRESS_MAX_LINES,
    `Please keep the postal address to ${POSTAL_ADDRESS_MAX_LINES} lines.`,
  );
