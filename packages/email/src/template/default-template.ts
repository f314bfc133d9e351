// The template a seller starts from (spec section 3, "Default new template").
import type { BlockInput } from '../blocks/registry.ts';
import { designSchema, type Design } from '../schema/design.ts';

export interface NewTemplate {
  name: string;
  subject: string;
  design: Design;
}

// Fixed ids: each template owns its design, so ids only need to be unique inside it, and fixed ids
// keep the default template's output reproducible.
const DEFAULT_BLOCKS: BlockInput[] = [
  {
    // No image yet: the editor shows an upload placeholder and the email shows nothing, so a seller
    // who skips this step never sends buyers a "your logo here" picture or a broken image.
    id: 'logo',
    type: 'image',
    src: '',
    alt: '[shop-name]',
    href: '[shop-url]',
    width: 120,
    align: 'center',
    padding: { top: 24, right: 16, bottom: 8, left: 16 },
  },
  { id: 'spacer', type: 'spacer', height: 12 },
  {
    id: 'heading',
    type: 'heading',
    level: 'h1',
    align: 'center',
    content: 'Thank you for your order!',
  },
  {
    id: 'thanks',
    type: 'text',
    content: '',
    html: '<p>Hi [customer-first-name|there],</p><p>Thank you so much for shopping with [shop-name]! Your order [order-number] is being lovingly packed and will be on its way to you soon.</p>',
  },
  {
    id: 'local',
    type: 'text',
    content: '',
    html: '<p>As a small, independent shop, every order truly means the world to us. Thank you for supporting local business and the people behind it.</p>',
  },
  {
    id: 'offer',
    type: 'text',
    align: 'center',
    content: '',
    html: '<p>As a little thank-you, here is <strong>20% off</strong> your next order. Just use this code at checkout:</p>',
  },
  {
    id: 'coupon',
    type: 'button',
    text: '[coupon-code]',
    url: '[shop-url]',
    size: 'lg',
    style: 'rounded',
    align: 'center',
  },
  {
    id: 'signoff',
    type: 'text',
    content: '',
    html: '<p>With gratitude,<br>[shop-name]</p>',
  },
];

export function createDefaultTemplate(): NewTemplate {
  return {
    name: 'Thank-you note',
    subject: 'Thank you for your order, [customer-first-name|friend]!',
    design: designSchema.parse({ blocks: DEFAULT_BLOCKS }),
  };
}
