/**
 * The machine-readable parts of a bounce (message/delivery-status, RFC 3464) and of a complaint
 * (message/feedback-report, RFC 5965) are written like mail headers: `Name: value` lines, long
 * values folded onto lines that start with white space, and (in a DSN) one block per recipient
 * after a blank line.
 */

/** One block's fields by lower-case name; a repeated field keeps its first value. */
export type FieldBlock = ReadonlyMap<string, string>;

/**
 * Reads the blocks of fields, the first `maxBlocks` of them at most (the rest of the text is not
 * looked at); lines that are not `Name: value` are skipped, not fatal.
 */
export function parseFieldBlocks(text: string, maxBlocks = Number.POSITIVE_INFINITY): FieldBlock[] {
  const blocks: FieldBlock[] = [];
  const normalised = text.replace(/\r\n?/g, '\n');
  const separator = /\n[ \t]*\n/g;
  let start = 0;
  while (blocks.length < maxBlocks) {
    const match = separator.exec(normalised);
    const fields = fieldsOf(normalised.slice(start, match ? match.index : undefined));
    if (fields.size > 0) blocks.push(fields);
    if (!match) break;
    start = separator.lastIndex;
  }
  return blocks;
}

function fieldsOf(chunk: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of unfold(chunk)) {
    const match = /^([!-9;-~]+)[ \t]*:(.*)$/.exec(line);
    if (!match) continue;
    const name = match[1]!.toLowerCase();
    if (!fields.has(name)) fields.set(name, match[2]!.trim());
  }
  return fields;
}

/** Joins each folded line to the field it continues, with one space where the fold was. */
function unfold(chunk: string): string[] {
  const lines: string[] = [];
  for (const line of chunk.split('\n')) {
    if (/^[ \t]/.test(line) && lines.length > 0) lines[lines.length - 1] += ' ' + line.trim();
    else if (line.trim() !== '') lines.push(line);
  }
  return lines;
}

/**
 * A typed value's text without its type (`rfc822; a@b` -> `a@b`, `smtp; 550 …` -> `550 …`): RFC 3464
 * writes addresses and diagnostics as `type; value`.
 */
export function typedValue(value: string | undefined): string {
  if (!value) return '';
  const separator = value.indexOf(';');
  return (separator >= 0 ? value.slice(separator + 1) : value).trim();
}

/** An address field's bare address: without its type, angle brackets or spaces, lower-cased. */
export function addressValue(value: string | undefined): string {
  return typedValue(value).replace(/^<|>$/g, '').trim().toLowerCase();
}
