// The structure of an imported email, mapped onto our blocks. Email HTML is tables inside tables:
// a table whose rows hold one cell is only layout and unwraps to its content; a row of 2-4 cells
// with content becomes a columns block; a heading, a paragraph, a picture, a link dressed as a
// button, a rule or an empty spaced cell become their blocks. What fits none of them (a data
// table, a quote, a list of mixed parts) is kept as a locked HTML block. Every recursion is
// bounded by MAX_MARKUP_DEPTH, so a hostile document nested thousands deep costs no stack.
import {
  createBlock,
  createBlockId,
  DESIGN_RANGES,
  MAX_COLUMNS,
  richTextToPlainText,
  type Block,
  type BlockOfType,
  type LeafBlock,
} from '@thankly/email';
import {
  DROPPED_TAGS,
  fragmentHtml,
  isTrackingPixel,
  MAX_MARKUP_DEPTH,
  webImageSource,
} from './html-fragment.ts';
import {
  alignOf,
  backgroundOf,
  inlineStyle,
  isHidden,
  pxOf,
  toColor,
  widthOf,
  type Align,
} from './read-style.ts';

interface Context {
  depth: number;
  /** Inside a column: a columns block cannot nest, so inner rows stack instead. */
  inColumn: boolean;
  align: Align | null;
}

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Elements that flow inside a line; a run of them (and text) becomes one block. */
const INLINE_TAGS = new Set([
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'span',
  'font',
  'br',
  'img',
  'small',
  'big',
  'sup',
  'sub',
  's',
  'strike',
  'code',
  'abbr',
  'label',
]);
/** Containers whose children are mapped in their place. */
const CONTAINERS = new Set([
  'body',
  'div',
  'center',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'td',
  'th',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'span',
  'font',
  'a',
]);
const MAX_WORDS = 2_000;
const clampFontSize = (px: number) =>
  Math.min(DESIGN_RANGES.fontSize.max, Math.max(DESIGN_RANGES.fontSize.min, px));

function tagOf(node: Node): string {
  return node.nodeType === Node.ELEMENT_NODE ? (node as Element).tagName.toLowerCase() : '';
}

function visibleText(node: Node): string {
  return (node.textContent ?? '')
    .replace(/(?:\s|\u00a0|\u200b|\u200c|\u034f|\u00ad)+/g, ' ')
    .trim();
}

function hasPicture(node: Node): boolean {
  if (node.nodeType !== Node.ELEMENT_NODE) return false;
  const el = node as Element;
  const images = tagOf(el) === 'img' ? [el] : Array.from(el.querySelectorAll('img'));
  return images.some((img) => webImageSource(img.getAttribute('src')) && !isTrackingPixel(img));
}

function hasRule(node: Node): boolean {
  if (node.nodeType !== Node.ELEMENT_NODE) return false;
  const el = node as Element;
  return tagOf(el) === 'hr' || el.querySelector('hr') !== null;
}

/** No words, no picture and no rule: layout only (spacing, or a border drawn as a rule). */
function isBlank(nodes: readonly Node[]): boolean {
  return nodes.every((node) => !visibleText(node) && !hasPicture(node) && !hasRule(node));
}

function containsBlockLevel(el: Element, depth: number): boolean {
  if (depth > MAX_MARKUP_DEPTH) return false;
  for (const child of Array.from(el.children)) {
    const tag = tagOf(child);
    if (DROPPED_TAGS.has(tag)) continue;
    if (!INLINE_TAGS.has(tag) || containsBlockLevel(child, depth + 1)) return true;
  }
  return false;
}

function withAlign<B extends LeafBlock>(block: B, align: Align | null): B {
  return align ? { ...block, align } : block;
}

/** The locked block: the nodes as sanitised rich text, shown but not editable. */
function lockedBlock(nodes: readonly Node[], ctx: Context): LeafBlock[] {
  const html = fragmentHtml(nodes, ctx.depth);
  if (!html.trim() || (!richTextToPlainText(html).trim() && !html.includes('<img'))) return [];
  return [withAlign({ ...createBlock('html'), html }, ctx.align)];
}

function textStyleOf(container: Element): {
  fontSize: number | null;
  color: string;
  bold: boolean;
} {
  const style = inlineStyle(container);
  const size = pxOf(style.get('font-size'));
  const weight = style.get('font-weight') ?? '';
  return {
    fontSize: size === null ? null : clampFontSize(size),
    color: toColor(style.get('color')),
    bold: weight === 'bold' || Number(weight) >= 600,
  };
}

function headingLevel(tagOrSize: string | number): 'h1' | 'h2' | 'h3' {
  if (typeof tagOrSize === 'string') {
    if (tagOrSize === 'h1') return 'h1';
    if (tagOrSize === 'h2') return 'h2';
    return 'h3';
  }
  if (tagOrSize >= 30) return 'h1';
  if (tagOrSize >= 24) return 'h2';
  return 'h3';
}

function headingBlock(
  nodes: readonly Node[],
  level: 'h1' | 'h2' | 'h3',
  color: string,
  ctx: Context,
): LeafBlock[] {
  // A heading holds one line of inline markup: its paragraphs become line breaks.
  const html = fragmentHtml(nodes, ctx.depth)
    .replace(/<\/p>\s*<p[^>]*>/gi, '<br>')
    .replace(/<\/?(p|div)[^>]*>/gi, '');
  const content = richTextToPlainText(html).slice(0, MAX_WORDS);
  if (!content) return [];
  return [withAlign({ ...createBlock('heading'), level, html, content, color }, ctx.align)];
}

function textBlock(nodes: readonly Node[], container: Element, ctx: Context): LeafBlock[] {
  const { fontSize, color, bold } = textStyleOf(container);
  const plain = nodes.map(visibleText).join(' ').trim();
  // A short line in large type is a heading, however it was marked up.
  if (fontSize !== null && fontSize >= 22 && plain.length <= 150)
    return headingBlock(nodes, headingLevel(fontSize), color, ctx);
  const inner = fragmentHtml(nodes, ctx.depth);
  if (!inner.trim()) return [];
  const html = /^\s*<(p|ul|ol|div)\b/i.test(inner) ? inner : `<p>${inner}</p>`;
  const block: BlockOfType<'text'> = {
    ...createBlock('text'),
    html,
    content: richTextToPlainText(html).slice(0, MAX_WORDS),
    color,
    fontWeight: bold ? 'bold' : 'normal',
  };
  if (fontSize !== null) block.fontSize = fontSize;
  return [withAlign(block, ctx.align)];
}

function imageBlock(img: Element, link: Element | null, ctx: Context): LeafBlock[] {
  const src = webImageSource(img.getAttribute('src'));
  if (!src || isTrackingPixel(img)) return [];
  // The width attribute is the designed size; a style width is often 100% of a narrow cell.
  const attribute = pxOf(img.getAttribute('width'));
  const { px, pct } = attribute !== null ? { px: attribute, pct: null } : widthOf(img);
  const block: BlockOfType<'image'> = {
    ...createBlock('image'),
    src,
    alt: (img.getAttribute('alt') ?? '').slice(0, 500),
    href: link ? safeHref(link.getAttribute('href')) : '',
    align: ctx.align ?? 'center',
  };
  if (pct !== null && pct >= 90) block.width = 'full';
  else if (px !== null && px >= DESIGN_RANGES.imageWidth.min)
    block.width = Math.min(px, DESIGN_RANGES.imageWidth.max);
  return [block];
}

const SAFE_HREF = /^(https?:|mailto:|tel:)/i;
function safeHref(href: string | null): string {
  const trimmed = (href ?? '').trim();
  return SAFE_HREF.test(trimmed) && trimmed.length <= 2_048 ? trimmed : '';
}

/** The nearest table around `el` (within the button's own few levels), or null. */
function enclosingTable(el: Element): Element | null {
  let node: Element | null = el.parentElement;
  for (let i = 0; node && i < 6; i += 1, node = node.parentElement) {
    if (tagOf(node) === 'table') return node;
  }
  return null;
}

/**
 * A link is a button when it is dressed as one: its own background, or a small table around it
 * that holds nothing but the link and paints a background (the usual "bulletproof" button).
 */
function buttonColorOf(link: Element): string {
  const own = backgroundOf(link);
  if (own) return own;
  const table = enclosingTable(link);
  if (!table || visibleText(table) !== visibleText(link)) return '';
  for (let node: Element | null = link.parentElement; node; node = node.parentElement) {
    const color = backgroundOf(node);
    if (color) return color;
    if (node === table) break;
  }
  return '';
}

function buttonShape(link: Element): 'rectangle' | 'rounded' | 'pill' {
  // The radius is on the link, or on the cell or table that paints the button.
  const table = enclosingTable(link);
  let radius = 0;
  for (let node: Element | null = link; node; node = node.parentElement) {
    const own = pxOf(inlineStyle(node).get('border-radius'));
    if (own !== null) {
      radius = own;
      break;
    }
    if (node === table || !table) break;
  }
  if (radius >= 20) return 'pill';
  if (radius >= 3) return 'rounded';
  return 'rectangle';
}

function buttonBlock(link: Element, buttonColor: string, ctx: Context): LeafBlock[] {
  const style = inlineStyle(link);
  const fontSize = pxOf(style.get('font-size'));
  const size =
    fontSize === null
      ? 'md'
      : fontSize <= 12
        ? 'xs'
        : fontSize <= 14
          ? 'sm'
          : fontSize <= 16
            ? 'md'
            : 'lg';
  const block: BlockOfType<'button'> = {
    ...createBlock('button'),
    text: visibleText(link).slice(0, 200),
    url: safeHref(link.getAttribute('href')),
    buttonColor,
    textColor: toColor(style.get('color')) || '#ffffff',
    style: buttonShape(link),
    size,
    align: ctx.align ?? 'center',
  };
  return [block];
}

/** The one element among `nodes` that carries content, ignoring blank text; null if not exactly one. */
function loneElement(nodes: readonly Node[]): Element | null {
  const meaningful = nodes.filter(
    (node) => node.nodeType === Node.ELEMENT_NODE || visibleText(node) !== '',
  );
  const [only] = meaningful;
  return meaningful.length === 1 && only!.nodeType === Node.ELEMENT_NODE ? (only as Element) : null;
}

/** A run of inline content (text, links, pictures) inside `container`. */
function inlineBlocks(nodes: readonly Node[], container: Element, ctx: Context): LeafBlock[] {
  if (isBlank(nodes)) return [];
  let lone = loneElement(nodes);
  // <span><a>…</a></span> and the like: look through wrappers that hold a single element.
  for (let i = 0; lone && i < 4 && tagOf(lone) !== 'a' && tagOf(lone) !== 'img'; i += 1) {
    const inner = loneElement(Array.from(lone.childNodes));
    if (!inner) break;
    lone = inner;
  }
  if (lone && tagOf(lone) === 'img') return imageBlock(lone, null, ctx);
  // Pictures side by side with no words between them: one image block each.
  if (!nodes.some((node) => visibleText(node)) && !lone) {
    const pictures = nodes.flatMap((node) => {
      if (tagOf(node) === 'img') return imageBlock(node as Element, null, ctx);
      const img = tagOf(node) === 'a' ? (node as Element).querySelector('img') : null;
      return img ? imageBlock(img, node as Element, ctx) : [];
    });
    if (pictures.length > 0) return pictures;
  }
  if (lone && tagOf(lone) === 'a') {
    const inside = loneElement(Array.from(lone.childNodes));
    if (inside && tagOf(inside) === 'img' && !visibleText(lone))
      return imageBlock(inside, lone, ctx);
    const color = visibleText(lone) && !hasPicture(lone) ? buttonColorOf(lone) : '';
    if (color && visibleText(lone).length <= 80) return buttonBlock(lone, color, ctx);
  }
  return textBlock(nodes, container, ctx);
}

/** A divider from a border drawn on an empty box (`border-top:2px solid #eaeaea`), or null. */
function ruleOf(el: Element): LeafBlock | null {
  const style = inlineStyle(el);
  const border = style.get('border-top') ?? style.get('border-bottom');
  const parts = border?.split(/\s+(?![^(]*\))/) ?? [];
  const solid = parts.some((part) => /^(solid|dashed|dotted)$/i.test(part));
  const longhand = style.get('border-top-style') === 'solid';
  if (!solid && !longhand) return null;
  const width =
    pxOf(parts.find((part) => /^\d+(px)?$/.test(part))) ?? pxOf(style.get('border-top-width')) ?? 1;
  const color = parts.map(toColor).find(Boolean) ?? toColor(style.get('border-top-color'));
  return {
    ...createBlock('divider'),
    height: Math.min(DESIGN_RANGES.dividerHeight.max, Math.max(1, width)),
    color,
  };
}

/** A box with no words and no picture that still takes room: a spacer, or a rule if it has a border. */
function emptyBoxBlock(el: Element): LeafBlock[] {
  // The rule may be drawn by a box inside (Mailchimp pads a cell around a bordered table).
  const rule = [el, ...Array.from(el.querySelectorAll('[style*="border"]')).slice(0, 4)]
    .map(ruleOf)
    .find(Boolean);
  if (rule) return [rule];
  const style = inlineStyle(el);
  const height =
    pxOf(style.get('height')) ??
    pxOf(el.getAttribute('height')) ??
    pxOf(style.get('line-height')) ??
    pxOf(style.get('font-size'));
  if (height === null || height < 8) return [];
  return [
    {
      ...createBlock('spacer'),
      height: Math.min(DESIGN_RANGES.spacerHeight.max, height),
    },
  ];
}

/** The rows of a table that belong to it (not to tables nested in its cells). */
function rowsOf(table: Element): Element[] {
  return Array.from((table as HTMLTableElement).rows ?? []);
}

function cellsOf(row: Element): Element[] {
  return Array.from((row as HTMLTableRowElement).cells ?? []).filter((cell) => !isHidden(cell));
}

/** A table of records (an order summary), not layout: header cells, or rows of short words. */
function isDataTable(table: Element, rows: readonly Element[]): boolean {
  if (rows.some((row) => Array.from(row.children).some((cell) => tagOf(cell) === 'th')))
    return true;
  const wordRows = rows.filter((row) => {
    const cells = cellsOf(row).filter((cell) => !isBlank([cell]));
    return (
      cells.length >= 2 &&
      cells.every((cell) => !hasPicture(cell) && !cell.querySelector('table, p, div, h1, h2, h3'))
    );
  });
  return wordRows.length >= 3;
}

function columnWidths(cells: readonly Element[]): number[] {
  const written = cells.map((cell) => widthOf(cell));
  const weights = written.every((w) => w.pct !== null)
    ? written.map((w) => w.pct!)
    : written.every((w) => w.px !== null)
      ? written.map((w) => w.px!)
      : cells.map(() => 1);
  const total = weights.reduce((sum, w) => sum + w, 0) || 1;
  const widths = weights.map((w) => Math.max(10, Math.round((100 * w) / total)));
  // Whole percents that total exactly 100, the remainder on the first column.
  widths[0] = widths[0]! + 100 - widths.reduce((sum, w) => sum + w, 0);
  return widths;
}

function leavesOf(blocks: readonly Block[]): LeafBlock[] {
  return blocks.flatMap((block) =>
    block.type === 'columns' ? block.columns.flatMap((column) => column.items) : [block],
  );
}

function mapRow(row: Element, ctx: Context): Block[] {
  const cells = cellsOf(row);
  const full = cells.filter((cell) => !isBlank([cell]));
  if (full.length === 0) {
    // Spacing rows: the cell's height (or its border, a rule).
    return cells.length === 1 ? emptyBoxBlock(cells[0]!) : [];
  }
  if (full.length === 1) {
    const cell = full[0]!;
    return mapChildren(cell, { ...ctx, align: alignOf(cell) ?? ctx.align });
  }
  if (full.length > MAX_COLUMNS) return lockedBlock([row.closest('table') ?? row], ctx);
  const columnsOf = full.map((cell) =>
    leavesOf(
      mapChildren(cell, {
        depth: ctx.depth + 1,
        inColumn: true,
        align: alignOf(cell) ?? ctx.align,
      }),
    ),
  );
  if (ctx.inColumn) return columnsOf.flat();
  const widths = columnWidths(full);
  const block = createBlock('columns');
  return [
    {
      ...block,
      padding: { top: 0, right: 0, bottom: 0, left: 0 },
      columns: columnsOf.map((items, index) => ({
        id: createBlockId(),
        widthPct: widths[index]!,
        items,
      })),
    },
  ];
}

function mapTable(table: Element, ctx: Context): Block[] {
  if (isBlank([table])) return emptyBoxBlock(table);
  const rows = rowsOf(table);
  if (isDataTable(table, rows)) return lockedBlock([table], ctx);
  const inner: Context = { ...ctx, depth: ctx.depth + 1, align: alignOf(table) ?? ctx.align };
  return rows.flatMap((row) => mapRow(row, inner));
}

function mapElement(el: Element, ctx: Context): Block[] {
  const tag = tagOf(el);
  if (DROPPED_TAGS.has(tag) || isHidden(el)) return [];
  if (ctx.depth > MAX_MARKUP_DEPTH) return lockedBlock([el], ctx);
  const own: Context = { ...ctx, depth: ctx.depth + 1, align: alignOf(el) ?? ctx.align };
  if (tag === 'table') return mapTable(el, ctx);
  if (HEADINGS.has(tag)) {
    if (!visibleText(el) && hasPicture(el)) return mapChildren(el, own);
    return headingBlock(Array.from(el.childNodes), headingLevel(tag), textStyleOf(el).color, own);
  }
  if (tag === 'p')
    return isBlank([el]) ? emptyBoxBlock(el) : inlineBlocks(Array.from(el.childNodes), el, own);
  if (tag === 'ul' || tag === 'ol') {
    const html = fragmentHtml([el], own.depth);
    return html
      ? [
          withAlign(
            {
              ...createBlock('text'),
              html,
              content: richTextToPlainText(html).slice(0, MAX_WORDS),
            },
            own.align,
          ),
        ]
      : [];
  }
  if (tag === 'hr') {
    const color = toColor(inlineStyle(el).get('border-color')) || toColor(el.getAttribute('color'));
    return [ruleOf(el) ?? { ...createBlock('divider'), color }];
  }
  if (tag === 'img') return imageBlock(el, null, own);
  if (CONTAINERS.has(tag)) {
    if (isBlank([el]))
      return el.children.length === 0 || tag === 'td' || tag === 'div' ? emptyBoxBlock(el) : [];
    return mapChildren(el, own);
  }
  return lockedBlock([el], own);
}

/** The blocks of an element's content: runs of inline content and each block-level child. */
export function mapChildren(parent: Element, ctx: Context): Block[] {
  const out: Block[] = [];
  let run: Node[] = [];
  const flush = () => {
    if (run.length > 0) out.push(...inlineBlocks(run, parent, ctx));
    run = [];
  };
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      run.push(node);
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const el = node as Element;
    const tag = tagOf(el);
    if (DROPPED_TAGS.has(tag) || isHidden(el)) continue;
    if (INLINE_TAGS.has(tag) && !containsBlockLevel(el, ctx.depth)) {
      run.push(el);
      continue;
    }
    flush();
    out.push(...mapElement(el, ctx));
  }
  flush();
  return out;
}

/** The blocks of a parsed email's body. */
export function mapBody(body: Element): Block[] {
  return mapChildren(body, { depth: 0, inColumn: false, align: null });
}
