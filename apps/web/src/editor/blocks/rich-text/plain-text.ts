// Converting between a block's rich html and the plain text the interim text editor shows.
// Paragraphs are separated by a blank line, line breaks by a newline; tokens pass through untouched.

const BLOCK_TAGS = new Set(['P', 'DIV', 'LI', 'UL', 'OL', 'H1', 'H2', 'H3']);
const FORMATTING = /<(b|strong|i|em|u|a|span|img)\b/i;

/** True when the html holds formatting the plain-text editor would drop. */
export function hasFormatting(html: string): boolean {
  return FORMATTING.test(html);
}

export function htmlToPlainText(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const paragraphs: string[] = [];
  let current = '';
  const flush = () => {
    if (current.trim()) paragraphs.push(current.replace(/[ \t]+\n/g, '\n').trim());
    current = '';
  };
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      current += (node.textContent ?? '').replace(/\s+/g, ' ');
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.tagName === 'BR') {
      current += '\n';
      return;
    }
    const isBlock = BLOCK_TAGS.has(node.tagName);
    if (isBlock) flush();
    node.childNodes.forEach(visit);
    if (isBlock) flush();
  };
  doc.body.childNodes.forEach(visit);
  flush();
  return paragraphs.join('\n\n');
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Plain text to the block's html: one <p> per paragraph, <br> for single line breaks. */
export function plainTextToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
