// The designs the email benchmark renders, in our model. The MJML and email-builder versions are
// translated from these (see to-mjml.ts, to-email-builder.ts), so all three render the same content.
import {
  createDefaultTemplate,
  type Block,
  type Design,
  type DesignInput,
  designSchema,
} from '@thankly/email';

/**
 * The default new template, with a logo set: a fresh template has none (it renders nothing), and
 * giving every renderer an image to draw keeps the comparison honest.
 */
export function defaultTemplateDesign(): Design {
  const { design } = createDefaultTemplate();
  const blocks = design.blocks.map((block): Block =>
    block.type === 'image' ? { ...block, src: 'https://cdn.example.test/logo.png' } : block,
  );
  return { ...design, blocks };
}

/** Ten blocks per unit (columns items count), repeated five times: 50 blocks. */
function unit(n: number): DesignInput['blocks'] {
  const id = (name: string) => `u${n}-${name}`;
  return [
    {
      id: id('heading'),
      type: 'heading',
      level: 'h2',
      content: `Section ${n}: your order, [customer-first-name]`,
    },
    {
      id: id('rich'),
      type: 'text',
      html: `<p>Hi [customer-first-name|there], thanks for order <strong>[order-number]</strong> from [shop-name].</p><p>Your items: [product-title-list]. <a href="[shop-url]" target="_blank" rel="noopener noreferrer">Visit the shop</a> any time.</p>`,
    },
    {
      id: id('plain'),
      type: 'text',
      content: 'Every parcel is packed by hand. Reply to this email if anything is not right.',
    },
    {
      id: id('button'),
      type: 'button',
      text: 'Use [coupon-code] for 20% off',
      url: '[shop-url]',
      size: 'md',
    },
    {
      id: id('image'),
      type: 'image',
      src: `https://cdn.example.test/p${n}.jpg`,
      alt: `Product ${n}`,
      width: 240,
      href: '[shop-url]',
    },
    { id: id('divider'), type: 'divider' },
    { id: id('spacer'), type: 'spacer', height: 16 },
    {
      id: id('columns'),
      type: 'columns',
      columns: [
        {
          id: id('col1'),
          widthPct: 50,
          items: [{ id: id('col1-text'), type: 'text', content: 'Order total: [order-total]' }],
        },
        {
          id: id('col2'),
          widthPct: 50,
          items: [{ id: id('col2-text'), type: 'text', content: 'Ordered on [order-date]' }],
        },
      ],
    },
  ];
}

export function fiftyBlockDesign(): Design {
  return designSchema.parse({ blocks: [1, 2, 3, 4, 5].flatMap(unit) });
}
