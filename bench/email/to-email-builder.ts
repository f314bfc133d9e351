// Our design as an @usewaypoint/email-builder document (a flat map of blocks keyed by id, the
// layout at "root"). Rich text goes into its Html block, which inserts the (already sanitised) HTML
// as is; its Text block's markdown mode would parse and sanitise on every render.
import type { Block, Design, LeafBlock } from '@thankly/email';

type EmailBuilderBlock = { type: string; data: Record<string, unknown> };
export type EmailBuilderDocument = Record<string, EmailBuilderBlock>;

const BUTTON_SIZES = { xs: 'x-small', sm: 'small', md: 'medium', lg: 'large' } as const;
const padding = (block: {
  padding: { top: number; right: number; bottom: number; left: number };
}) => ({ ...block.padding });

function leafToBlock(block: LeafBlock): EmailBuilderBlock | undefined {
  switch (block.type) {
    case 'heading':
      return {
        type: 'Heading',
        data: {
          props: { text: block.content, level: block.level },
          style: { textAlign: block.align, padding: padding(block) },
        },
      };
    case 'text':
      return block.html
        ? {
            type: 'Html',
            data: {
              props: { contents: block.html },
              style: { fontSize: block.fontSize, textAlign: block.align, padding: padding(block) },
            },
          }
        : {
            type: 'Text',
            data: {
              props: { text: block.content },
              style: { fontSize: block.fontSize, textAlign: block.align, padding: padding(block) },
            },
          };
    case 'button':
      return {
        type: 'Button',
        data: {
          props: {
            text: block.text,
            url: block.url,
            buttonBackgroundColor: block.buttonColor,
            buttonTextColor: block.textColor,
            size: BUTTON_SIZES[block.size],
            buttonStyle: block.style === 'square' ? 'rectangle' : block.style,
            fullWidth: block.width === 'full',
          },
          style: { textAlign: block.align, padding: padding(block), fontWeight: 'bold' },
        },
      };
    case 'image':
      if (!block.src) return undefined;
      return {
        type: 'Image',
        data: {
          props: {
            url: block.src,
            alt: block.alt,
            linkHref: block.href || null,
            width: typeof block.width === 'number' ? block.width : null,
          },
          style: { textAlign: block.align, padding: padding(block) },
        },
      };
    case 'divider':
      return {
        type: 'Divider',
        data: {
          props: { lineColor: block.color, lineHeight: block.height },
          style: { padding: padding(block) },
        },
      };
    case 'spacer':
      return { type: 'Spacer', data: { props: { height: block.height } } };
  }
}

export function toEmailBuilder(design: Design): EmailBuilderDocument {
  const document: EmailBuilderDocument = {};
  const add = (id: string, block: EmailBuilderBlock | undefined): string[] => {
    if (!block) return [];
    document[id] = block;
    return [id];
  };
  const childrenIds = (design.blocks as Block[]).flatMap((block) => {
    if (block.type !== 'columns') return add(block.id, leafToBlock(block));
    // email-builder has 2 or 3 equal columns with a fixed three-slot list.
    const columns = block.columns.map((column) => ({
      childrenIds: column.items.flatMap((item) => add(item.id, leafToBlock(item))),
    }));
    while (columns.length < 3) columns.push({ childrenIds: [] });
    return add(block.id, {
      type: 'ColumnsContainer',
      data: {
        props: {
          columnsCount: Math.min(3, Math.max(2, block.columns.length)),
          columnsGap: block.gutter,
          columns: columns.slice(0, 3),
        },
        style: { padding: padding(block) },
      },
    });
  });
  document.root = {
    type: 'EmailLayout',
    data: {
      backdropColor: design.global.backdropColor.toUpperCase(),
      canvasColor: design.global.canvasColor.toUpperCase(),
      textColor: design.global.textColor.toUpperCase(),
      fontFamily: 'MODERN_SANS',
      childrenIds,
    },
  };
  return document;
}
