// "Import HTML": an existing HTML email (pasted or from a .html file) as an editable design. Parsed
// by the browser's own HTML parser (DOMParser: an inert document, so nothing in it runs and no
// picture is fetched), mapped onto our blocks (map-blocks.ts), then checked by the design schema
// the server checks it with again. Loaded only when the seller imports (dashboard dialog).
import {
  countBlocks,
  designSchema,
  formatZodError,
  MAX_BLOCKS,
  MAX_DESIGN_BYTES,
  MAX_RICH_TEXT_LENGTH,
  type Block,
  type Design,
} from '@thankly/email';
import { mapBody } from './map-blocks.ts';
import { backgroundOf, inlineStyle, isHidden, widthOf } from './read-style.ts';

/** Largest email accepted, pasted or uploaded: a real one is 20-100 KB (Gmail clips at 102 KB). */
export const MAX_IMPORT_BYTES = 512 * 1024;
const NAME_MAX = 100;
const SUBJECT_MAX = 200;
const PREHEADER_MAX = 150;

export const IMPORT_MESSAGES = {
  empty: 'Paste the HTML of an email, or choose a .html file.',
  tooLarge: `This email is larger than ${MAX_IMPORT_BYTES / 1024} KB. Import a single email, without pictures embedded in it.`,
  nothingFound: 'No words, pictures or buttons were found in this HTML.',
  tooManyBlocks: `This email has more parts than one template can hold (${MAX_BLOCKS} blocks). Import a shorter email.`,
  designTooLarge: 'This email is too large for one template. Import a shorter email.',
} as const;

export interface ImportSummary {
  blocks: number;
  /** Locked HTML blocks: kept as written, not editable. */
  locked: number;
  /** Pictures that stay at their own addresses. */
  images: number;
}

export type ImportResult =
  | {
      ok: true;
      design: Design;
      name: string;
      subject: string;
      preheader: string;
      summary: ImportSummary;
    }
  | { ok: false; error: string };

/**
 * The buyer's name in the merge tags of the usual senders (Mailchimp, Klaviyo, Shopify) becomes
 * our token, so a greeting keeps working. Other merge tags stay as written, for the seller to see.
 */
const MERGE_TAGS: ReadonlyArray<[RegExp, string]> = [
  [/\*\|FNAME\|\*/g, '[customer-first-name]'],
  [/\*\|LNAME\|\*/g, '[customer-last-name]'],
  [/\{\{\s*(?:person\.|customer\.)?first_name(?:\s*\|[^}]*)?\s*\}\}/g, '[customer-first-name]'],
  [/\{\{\s*(?:person\.|customer\.)?last_name(?:\s*\|[^}]*)?\s*\}\}/g, '[customer-last-name]'],
  [/\{\{\s*(?:shop\.name|organization\.name)\s*\}\}/g, '[shop-name]'],
  [/\{\{\s*order(?:\.|_)(?:name|number)\s*\}\}/g, '[order-number]'],
];

function withOurTokens(source: string): string {
  return MERGE_TAGS.reduce((text, [tag, token]) => text.replace(tag, token), source);
}

/**
 * Event-handler attributes renamed before parsing. They could never run (a DOMParser document has
 * no browsing context, the sanitiser drops them, and the app's CSP forbids them), but Chromium
 * checks the page's CSP as it parses each one and logs a violation: renamed, they are inert data
 * attributes that nothing copies. (Prose that happens to read " onion=" is renamed too: harmless.)
 */
function withoutHandlers(source: string): string {
  return source.replace(/(\s)(on[a-z]+\s*=)/gi, '$1data-dropped-$2');
}

function collapse(text: string, max: number): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, max);
}

/** The text a client shows beside the subject: the first hidden block of words at the top. */
function preheaderOf(body: Element): string {
  for (const el of Array.from(body.querySelectorAll('div, span, td, p')).slice(0, 50)) {
    if (!isHidden(el)) continue;
    const text = collapse(el.textContent ?? '', PREHEADER_MAX);
    if (text.replace(/(?:\u00a0|\u200b|\u200c|\u034f|\u00ad|\s)/g, '')) return text;
  }
  return '';
}

/** Page colour and the email's own (the 600px-wide table) colour, where the HTML sets them. */
function colorsOf(body: Element): { backdropColor?: string; canvasColor?: string } {
  const colors: { backdropColor?: string; canvasColor?: string } = {};
  const page = backgroundOf(body);
  if (page) colors.backdropColor = page;
  for (const table of Array.from(body.querySelectorAll('table')).slice(0, 20)) {
    const { px, pct } = widthOf(table);
    const maxWidth = inlineStyle(table).get('max-width');
    const color = backgroundOf(table);
    if (!color) continue;
    if (pct === 100 && !colors.backdropColor) colors.backdropColor = color;
    else if ((px !== null && px >= 480 && px <= 800) || maxWidth) {
      colors.canvasColor = color;
      break;
    }
  }
  return colors;
}

function tally(blocks: readonly Block[]): ImportSummary {
  const summary: ImportSummary = { blocks: countBlocks(blocks), locked: 0, images: 0 };
  const visit = (block: Block) => {
    if (block.type === 'columns') block.columns.forEach((c) => c.items.forEach(visit));
    else if (block.type === 'html') {
      summary.locked += 1;
      summary.images += (block.html.match(/<img\b/gi) ?? []).length;
    } else if (block.type === 'image') summary.images += 1;
    else if (block.type === 'text') summary.images += (block.html.match(/<img\b/gi) ?? []).length;
  };
  blocks.forEach(visit);
  return summary;
}

/** Neighbouring locked blocks become one while it fits, so the canvas shows fewer frames. */
function mergeLocked(blocks: readonly Block[]): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    const last = out.at(-1);
    if (
      last?.type === 'html' &&
      block.type === 'html' &&
      last.align === block.align &&
      last.html.length + block.html.length <= MAX_RICH_TEXT_LENGTH
    ) {
      out[out.length - 1] = { ...last, html: last.html + block.html };
      continue;
    }
    out.push(
      block.type === 'columns'
        ? {
            ...block,
            columns: block.columns.map((column) => ({
              ...column,
              items: mergeLocked(column.items) as typeof column.items,
            })),
          }
        : block,
    );
  }
  return out;
}

/** The design an HTML email maps to, or the reason it cannot be imported. */
export function importHtmlEmail(source: string): ImportResult {
  if (!source.trim()) return { ok: false, error: IMPORT_MESSAGES.empty };
  if (new TextEncoder().encode(source).length > MAX_IMPORT_BYTES)
    return { ok: false, error: IMPORT_MESSAGES.tooLarge };
  const document = new DOMParser().parseFromString(
    withoutHandlers(withOurTokens(source)),
    'text/html',
  );
  const body = document.body;
  const title = collapse(document.title, SUBJECT_MAX);
  const blocks = mergeLocked(mapBody(body));
  if (blocks.length === 0) return { ok: false, error: IMPORT_MESSAGES.nothingFound };
  if (countBlocks(blocks) > MAX_BLOCKS) return { ok: false, error: IMPORT_MESSAGES.tooManyBlocks };
  const parsed = designSchema.safeParse({ global: colorsOf(body), blocks });
  if (!parsed.success) return { ok: false, error: formatZodError(parsed.error) };
  if (new TextEncoder().encode(JSON.stringify(parsed.data)).length > MAX_DESIGN_BYTES)
    return { ok: false, error: IMPORT_MESSAGES.designTooLarge };
  return {
    ok: true,
    design: parsed.data,
    name: collapse(title, NAME_MAX) || 'Imported email',
    subject: title,
    preheader: preheaderOf(body),
    summary: tally(parsed.data.blocks),
  };
}
