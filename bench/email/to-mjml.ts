// Our design written as MJML, block for block: the template a seller would otherwise maintain by
// hand. Consecutive blocks share one section; a columns block is its own section (MJML cannot nest).
import type { Block, Design, LeafBlock } from '@thankly/email';

const HEADING_SIZES = { h1: 32, h2: 26, h3: 20 } as const;
const BUTTON_SIZES = {
  xs: [12, '8px 14px'],
  sm: [14, '10px 18px'],
  md: [16, '12px 22px'],
  lg: [18, '14px 26px'],
} as const;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const padding = (block: LeafBlock) =>
  `${block.padding.top}px ${block.padding.right}px ${block.padding.bottom}px ${block.padding.left}px`;

function leafToMjml(block: LeafBlock, design: Design): string {
  const color = block.color || design.global.textColor;
  switch (block.type) {
    case 'heading':
      return `<mj-text align="${block.align}" color="${color}" padding="${padding(block)}"><${block.level} style="margin:0;font-size:${HEADING_SIZES[block.level]}px;line-height:1.25;font-weight:bold">${block.html || escape(block.content)}</${block.level}></mj-text>`;
    case 'text':
      return `<mj-text align="${block.align}" color="${color}" font-size="${block.fontSize}px" line-height="1.6" padding="${padding(block)}">${block.html || escape(block.content)}</mj-text>`;
    case 'button': {
      const [fontSize, innerPadding] = BUTTON_SIZES[block.size];
      const radius = block.style === 'pill' ? 9999 : block.style === 'rounded' ? 12 : 4;
      const width = block.width === 'full' ? ' width="100%"' : '';
      return `<mj-button href="${escape(block.url)}" align="${block.align}" background-color="${block.buttonColor}" color="${block.textColor}" font-size="${fontSize}px" font-weight="bold" inner-padding="${innerPadding}" border-radius="${radius}px" padding="${padding(block)}"${width}>${escape(block.text)}</mj-button>`;
    }
    case 'image': {
      if (!block.src) return '';
      const width = typeof block.width === 'number' ? ` width="${block.width}px"` : '';
      const href = block.href ? ` href="${escape(block.href)}"` : '';
      return `<mj-image src="${escape(block.src)}" alt="${escape(block.alt)}"${href}${width} align="${block.align}" padding="${padding(block)}" />`;
    }
    case 'divider':
      return `<mj-divider border-color="${block.color}" border-width="${block.height}px" padding="${padding(block)}" />`;
    case 'spacer':
      return `<mj-spacer height="${block.height}px" />`;
    case 'html':
      return `<mj-text align="${block.align}" color="${color}" font-size="14px" line-height="1.6" padding="${padding(block)}">${block.html}</mj-text>`;
  }
}

export function toMjml(design: Design, preheader: string): string {
  const sections: string[] = [];
  let pending: string[] = [];
  const flush = () => {
    if (pending.length)
      sections.push(
        `<mj-section padding="0"><mj-column>${pending.join('')}</mj-column></mj-section>`,
      );
    pending = [];
  };
  for (const block of design.blocks as Block[]) {
    if (block.type !== 'columns') {
      pending.push(leafToMjml(block, design));
      continue;
    }
    flush();
    const columns = block.columns
      .map(
        (column) =>
          `<mj-column width="${column.widthPct}%" padding="0 ${block.gutter / 2}px">${column.items.map((item) => leafToMjml(item, design)).join('')}</mj-column>`,
      )
      .join('');
    sections.push(
      `<mj-section padding="${padding(block as unknown as LeafBlock)}">${columns}</mj-section>`,
    );
  }
  flush();
  const { global } = design;
  return `<mjml><mj-head><mj-title></mj-title><mj-preview>${escape(preheader)}</mj-preview><mj-font name="Inter" href="https://fonts.googleapis.com/css2?family=Inter:wght@400;700&amp;display=swap" /><mj-attributes><mj-all font-family="${global.fontFamily}" /></mj-attributes></mj-head><mj-body background-color="${global.backdropColor}" width="600px"><mj-wrapper background-color="${global.canvasColor}" padding="${global.canvasYMargin}px 0">${sections.join('')}</mj-wrapper></mj-body></mjml>`;
}
