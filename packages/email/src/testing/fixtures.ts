// Designs shared by the renderer snapshot test and the real-browser layout test.
import type { DesignInput } from '../schema/design.ts';

const PHOTO = 'https://cdn.shop.test/photo.jpg';

/** Every column count from 1 to 4, uneven widths, images, buttons and a narrow block. */
export const columnsHeavyDesign: DesignInput = {
  global: {
    backdropColor: '#f4f1ec',
    canvasColor: '#ffffff',
    canvasBorderSwitch: true,
    canvasBorderColor: '#e0dcd5',
    canvasRadius: 12,
    canvasYMargin: 24,
    fontFamily: "'Playfair Display', Georgia, serif",
    textColor: '#2b2b2b',
  },
  blocks: [
    {
      id: 'title',
      type: 'heading',
      level: 'h1',
      align: 'center',
      content: 'Your order, [customer-first-name]',
    },
    {
      id: 'two',
      type: 'columns',
      columns: [
        {
          id: 'two-a',
          widthPct: 60,
          items: [
            { id: 'two-a-h', type: 'heading', level: 'h3', content: 'Hand-thrown mug' },
            {
              id: 'two-a-t',
              type: 'text',
              content: 'Glazed in sea green, fired twice, packed with care.',
            },
          ],
        },
        {
          id: 'two-b',
          widthPct: 40,
          items: [
            {
              id: 'two-b-i',
              type: 'image',
              src: PHOTO,
              alt: 'Mug',
              width: 'full',
              href: '[shop-url]',
            },
          ],
        },
      ],
    },
    {
      id: 'three',
      type: 'columns',
      gutter: 16,
      background: '#faf7f2',
      columns: [
        {
          id: 'three-a',
          widthPct: 34,
          items: [
            { id: 'three-a-t', type: 'text', align: 'center', content: 'Order [order-number]' },
          ],
        },
        {
          id: 'three-b',
          widthPct: 33,
          items: [{ id: 'three-b-t', type: 'text', align: 'center', content: '[order-date]' }],
        },
        {
          id: 'three-c',
          widthPct: 33,
          items: [{ id: 'three-c-t', type: 'text', align: 'center', content: '[order-total]' }],
        },
      ],
    },
    {
      id: 'four',
      type: 'columns',
      columns: [
        {
          id: 'four-a',
          widthPct: 25,
          items: [{ id: 'four-a-i', type: 'image', src: PHOTO, alt: 'One', width: 'full' }],
        },
        {
          id: 'four-b',
          widthPct: 25,
          items: [{ id: 'four-b-i', type: 'image', src: PHOTO, alt: 'Two', width: 'full' }],
        },
        {
          id: 'four-c',
          widthPct: 25,
          items: [{ id: 'four-c-i', type: 'image', src: PHOTO, alt: 'Three', width: 'full' }],
        },
        { id: 'four-d', widthPct: 25, items: [] },
      ],
    },
    { id: 'rule', type: 'divider' },
    {
      id: 'one',
      type: 'columns',
      columns: [
        {
          id: 'one-a',
          widthPct: 100,
          items: [
            {
              id: 'one-a-b',
              type: 'button',
              text: 'Track [tracking-link|your parcel]',
              url: '[tracking-link]',
              width: 'full',
              style: 'pill',
            },
          ],
        },
      ],
    },
    {
      id: 'narrow',
      type: 'text',
      widthPct: 50,
      align: 'center',
      content: 'A narrow, centred note.',
    },
  ],
};
