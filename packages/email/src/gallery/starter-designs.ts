// The starter designs of the "New template" gallery (issue 15): a handful of finished emails a seller
// can send as they are, each wearing the seller's brand. Blocks keep the ids `logo` and `sign-off` so
// the brand kit finds its logo and sign-off in every one of them.
import type { BlockInput } from '../blocks/registry.ts';
import { applyBrand, type BrandKit } from '../brand/apply-brand.ts';
import { designSchema, type Design, type DesignInput } from '../schema/design.ts';

export interface StarterDesign {
  /** Stable id, also used in the editor's address (?starter=). */
  id: string;
  name: string;
  /** The email's subject line; may hold tokens. */
  subject: string;
  /** One sentence for the gallery tile. */
  description: string;
  design: Design;
}

export const BLANK_STARTER_ID = 'blank';

type Padding = { top: number; right: number; bottom: number; left: number };
const pad = (top: number, right: number, bottom = top, left = right): Padding => ({
  top,
  right,
  bottom,
  left,
});

function logo(align: 'left' | 'center', padding: Padding, width = 160): BlockInput {
  // Empty until the brand kit (or the seller) gives it a picture: an image without a src renders
  // nothing, so no placeholder ever reaches a buyer.
  return {
    id: 'logo',
    type: 'image',
    src: '',
    alt: '[shop-name]',
    href: '[shop-url]',
    width,
    align,
    padding,
  };
}

/** A short coloured bar: the accent the brand's primary colour paints. */
function accent(
  id: string,
  align: 'left' | 'center',
  widthPct: number,
  color: string,
  padding: Padding,
): BlockInput {
  return { id, type: 'divider', align, widthPct, height: 3, color, padding };
}

function signOff(html: string, align: 'left' | 'center', padding: Padding): BlockInput {
  return { id: 'sign-off', type: 'text', align, content: '', html, fontSize: 16, padding };
}

const classic: DesignInput = {
  global: {
    backdropColor: '#f4f1ec',
    canvasColor: '#ffffff',
    canvasRadius: 12,
    canvasYMargin: 40,
    textColor: '#2b2622',
  },
  blocks: [
    logo('center', pad(40, 24, 8)),
    accent('accent', 'center', 12, '#8a5a44', pad(16, 0)),
    {
      id: 'heading',
      type: 'heading',
      level: 'h1',
      align: 'center',
      content: 'Thank you, [customer-first-name|friend]!',
      padding: pad(8, 40),
    },
    {
      id: 'message',
      type: 'text',
      align: 'center',
      fontSize: 17,
      content: '',
      html: '<p>Your order [order-number] means the world to us. We are packing it with care right now, and it will be on its way to you very soon.</p>',
      padding: pad(8, 40, 24, 40),
    },
    {
      id: 'shop-button',
      type: 'button',
      text: 'Visit the shop',
      url: '[shop-url]',
      size: 'md',
      style: 'pill',
      buttonColor: '#8a5a44',
      padding: pad(8, 24),
    },
    signOff('<p>With gratitude,<br />[shop-name]</p>', 'center', pad(32, 40, 16, 40)),
    {
      id: 'postscript',
      type: 'text',
      align: 'center',
      fontSize: 14,
      color: '#6b625a',
      content: 'P.S. A question about your order? Just reply to this email.',
      padding: pad(8, 40, 40, 40),
    },
  ],
};

const welcome: DesignInput = {
  global: {
    backdropColor: '#eaf0ed',
    canvasColor: '#ffffff',
    canvasRadius: 12,
    canvasYMargin: 40,
    fontFamily: "'DM Sans', Helvetica, Arial, sans-serif",
    textColor: '#1d2a24',
  },
  blocks: [
    logo('left', pad(36, 32, 8, 32), 140),
    {
      id: 'heading',
      type: 'heading',
      level: 'h1',
      content: 'Welcome to [shop-name], [customer-first-name|friend]',
      padding: pad(16, 32, 8, 32),
    },
    {
      id: 'intro',
      type: 'text',
      fontSize: 17,
      content: '',
      html: '<p>Your first order with us is in, and we could not be happier to have you here. This is what happens next.</p>',
      padding: pad(8, 32, 8, 32),
    },
    accent('accent', 'left', 100, '#2f6f5e', pad(16, 32, 20, 32)),
    {
      id: 'steps',
      type: 'columns',
      gutter: 24,
      padding: pad(0, 20, 8, 20),
      columns: [
        {
          id: 'steps-1',
          widthPct: 33.33,
          items: [
            {
              id: 'steps-1-title',
              type: 'heading',
              level: 'h3',
              content: 'In good hands',
              padding: pad(8, 0, 4, 0),
            },
            {
              id: 'steps-1-text',
              type: 'text',
              fontSize: 15,
              content: 'We check every item and wrap it so it arrives just right.',
              padding: pad(4, 0, 8, 0),
            },
          ],
        },
        {
          id: 'steps-2',
          widthPct: 33.34,
          items: [
            {
              id: 'steps-2-title',
              type: 'heading',
              level: 'h3',
              content: 'On its way',
              padding: pad(8, 0, 4, 0),
            },
            {
              id: 'steps-2-text',
              type: 'text',
              fontSize: 15,
              content: 'You will hear from us the moment order [order-number] ships.',
              padding: pad(4, 0, 8, 0),
            },
          ],
        },
        {
          id: 'steps-3',
          widthPct: 33.33,
          items: [
            {
              id: 'steps-3-title',
              type: 'heading',
              level: 'h3',
              content: 'Here to help',
              padding: pad(8, 0, 4, 0),
            },
            {
              id: 'steps-3-text',
              type: 'text',
              fontSize: 15,
              content: 'A question or a wish? Reply to this email: a real person answers.',
              padding: pad(4, 0, 8, 0),
            },
          ],
        },
      ],
    },
    {
      id: 'shop-button',
      type: 'button',
      text: 'Browse the shop',
      url: '[shop-url]',
      align: 'left',
      size: 'md',
      style: 'rounded',
      buttonColor: '#2f6f5e',
      padding: pad(24, 32, 8, 32),
    },
    signOff('<p>Warmly,<br />The [shop-name] team</p>', 'left', pad(24, 32, 40, 32)),
  ],
};

const COUPON_PANEL = '#f7f1e8';

const coupon: DesignInput = {
  global: {
    backdropColor: '#f3ede4',
    canvasColor: '#ffffff',
    canvasRadius: 16,
    canvasYMargin: 40,
    textColor: '#2a2420',
  },
  blocks: [
    logo('center', pad(36, 24, 8)),
    {
      id: 'heading',
      type: 'heading',
      level: 'h2',
      align: 'center',
      content: 'A little thank-you for next time',
      padding: pad(20, 40, 8, 40),
    },
    {
      id: 'message',
      type: 'text',
      align: 'center',
      fontSize: 17,
      content: '',
      html: '<p>Thanks for your order, [customer-first-name|friend]. Here is a code for your next one, whenever you are ready.</p>',
      padding: pad(8, 40, 24, 40),
    },
    {
      // The code on a soft card: one block, so its background has no seams.
      id: 'code-card',
      type: 'columns',
      widthPct: 76,
      align: 'center',
      background: COUPON_PANEL,
      radii: { topLeft: 12, topRight: 12, bottomRight: 12, bottomLeft: 12 },
      gutter: 0,
      padding: pad(28, 16, 28, 16),
      columns: [
        {
          id: 'code-card-col',
          widthPct: 100,
          items: [
            {
              id: 'code',
              type: 'heading',
              level: 'h2',
              align: 'center',
              content: '[coupon-code]',
              padding: pad(0, 0, 4, 0),
            },
            {
              id: 'code-note',
              type: 'text',
              align: 'center',
              fontSize: 14,
              content: 'Enter it at checkout on your next order.',
              padding: pad(4, 0, 0, 0),
            },
          ],
        },
      ],
    },
    { id: 'space', type: 'spacer', height: 28 },
    {
      id: 'shop-button',
      type: 'button',
      text: 'Shop again',
      url: '[shop-url]',
      size: 'lg',
      style: 'rounded',
      buttonColor: '#b4441c',
      padding: pad(0, 24, 8, 24),
    },
    signOff('<p>See you soon,<br />[shop-name]</p>', 'center', pad(28, 40, 40, 40)),
  ],
};

const story: DesignInput = {
  global: {
    backdropColor: '#f4eee4',
    canvasColor: '#fffdf9',
    canvasRadius: 4,
    canvasYMargin: 40,
    fontFamily: 'Lora, Georgia, serif',
    textColor: '#2e2822',
  },
  blocks: [
    logo('left', pad(40, 40, 8, 40), 140),
    {
      id: 'kicker',
      type: 'text',
      fontSize: 13,
      fontWeight: 'bold',
      content: 'FROM OUR WORKBENCH',
      padding: pad(24, 40, 0, 40),
    },
    {
      id: 'heading',
      type: 'heading',
      level: 'h1',
      content: 'Made by hand, just for you',
      padding: pad(8, 40, 16, 40),
    },
    {
      id: 'story',
      type: 'text',
      fontSize: 17,
      content: '',
      html: '<p>Hi [customer-first-name|there],</p><p>Everything at [shop-name] is made in small batches, by hand. Your order [order-number] was made, checked and packed by the same few people who will read your reply to this email.</p>',
      padding: pad(0, 40, 8, 40),
    },
    accent('accent', 'left', 20, '#7a5230', pad(24, 0, 24, 40)),
    {
      id: 'values',
      type: 'columns',
      gutter: 32,
      padding: pad(0, 24, 8, 24),
      columns: [
        {
          id: 'values-1',
          widthPct: 50,
          items: [
            {
              id: 'values-1-title',
              type: 'heading',
              level: 'h3',
              content: 'Small batches',
              padding: pad(0, 0, 6, 0),
            },
            {
              id: 'values-1-text',
              type: 'text',
              fontSize: 15,
              content: 'We make a little at a time, so every piece gets our full attention.',
              padding: pad(0, 0, 16, 0),
            },
          ],
        },
        {
          id: 'values-2',
          widthPct: 50,
          items: [
            {
              id: 'values-2-title',
              type: 'heading',
              level: 'h3',
              content: 'Made to last',
              padding: pad(0, 0, 6, 0),
            },
            {
              id: 'values-2-text',
              type: 'text',
              fontSize: 15,
              content: 'Good materials and honest work: it should stay with you for years.',
              padding: pad(0, 0, 16, 0),
            },
          ],
        },
      ],
    },
    {
      id: 'promise',
      type: 'text',
      content: '',
      html: '<p>If anything is not quite right, just reply. We will make it right.</p>',
      padding: pad(8, 40, 8, 40),
    },
    {
      id: 'shop-button',
      type: 'button',
      text: 'Meet the makers',
      url: '[shop-url]',
      align: 'left',
      size: 'md',
      style: 'square',
      buttonColor: '#7a5230',
      padding: pad(20, 40, 8, 40),
    },
    signOff(
      '<p>From our workbench to your home,<br />[shop-name]</p>',
      'left',
      pad(28, 40, 44, 40),
    ),
  ],
};

const HOLIDAY_GREEN = '#1f3d2f';

const holiday: DesignInput = {
  global: {
    backdropColor: '#e7ede8',
    canvasColor: '#ffffff',
    canvasRadius: 12,
    canvasYMargin: 40,
    fontFamily: 'Merriweather, Georgia, serif',
    textColor: '#1f2a24',
  },
  blocks: [
    logo('center', pad(32, 24, 24)),
    {
      // One coloured band: a single-column block paints its background once, with no seams
      // between the rows inside (a scaled-down preview shows hairlines between coloured blocks).
      id: 'band',
      type: 'columns',
      background: HOLIDAY_GREEN,
      gutter: 0,
      padding: pad(44, 32, 44, 32),
      columns: [
        {
          id: 'band-col',
          widthPct: 100,
          items: [
            {
              id: 'kicker',
              type: 'text',
              align: 'center',
              color: '#e2c98f',
              fontSize: 14,
              fontWeight: 'bold',
              content: '✦  SEASON’S GREETINGS  ✦',
              padding: pad(0, 0, 4, 0),
            },
            {
              id: 'heading',
              type: 'heading',
              level: 'h1',
              align: 'center',
              color: '#ffffff',
              content: 'Happy holidays, [customer-first-name|friend]',
              padding: pad(8, 0, 12, 0),
            },
            {
              id: 'greeting',
              type: 'text',
              align: 'center',
              color: '#e3ece6',
              fontSize: 18,
              content: 'Thank you for making our season brighter.',
              padding: pad(0, 0, 0, 0),
            },
          ],
        },
      ],
    },
    {
      id: 'message',
      type: 'text',
      align: 'center',
      fontSize: 16,
      content: '',
      html: '<p>Your order [order-number] is wrapped and nearly on its way. Whether it is a gift for someone you love or a treat for yourself, we hope it brings a little extra joy this year.</p>',
      padding: pad(36, 40, 8, 40),
    },
    accent('accent', 'center', 12, '#b42318', pad(20, 0)),
    {
      id: 'shop-button',
      type: 'button',
      text: 'Browse gift ideas',
      url: '[shop-url]',
      size: 'md',
      style: 'pill',
      buttonColor: '#b42318',
      padding: pad(4, 24, 8, 24),
    },
    signOff('<p>Warm wishes for the season,<br />[shop-name]</p>', 'center', pad(28, 40, 44, 40)),
  ],
};

const review: DesignInput = {
  global: {
    backdropColor: '#edf0f5',
    canvasColor: '#ffffff',
    canvasRadius: 12,
    canvasYMargin: 40,
    textColor: '#1c2230',
  },
  blocks: [
    logo('center', pad(36, 24, 8)),
    {
      id: 'stars',
      type: 'text',
      align: 'center',
      fontSize: 28,
      color: '#d99a0b',
      content: '★★★★★',
      padding: pad(20, 24, 0, 24),
    },
    {
      id: 'heading',
      type: 'heading',
      level: 'h2',
      align: 'center',
      content: 'How are you getting on, [customer-first-name|friend]?',
      padding: pad(8, 40, 12, 40),
    },
    {
      id: 'message',
      type: 'text',
      align: 'center',
      fontSize: 17,
      content: '',
      html: '<p>We hope you are enjoying your order. If you have a minute, a short review would mean a lot to a small shop like ours, and it helps other shoppers too.</p>',
      padding: pad(4, 40, 24, 40),
    },
    {
      id: 'review-button',
      type: 'button',
      text: 'Write a review',
      url: '[review-link]',
      width: 'full',
      widthPct: 64,
      size: 'lg',
      style: 'rounded',
      buttonColor: '#3451b2',
      padding: pad(0, 0, 8, 0),
    },
    {
      id: 'reassure',
      type: 'text',
      align: 'center',
      fontSize: 14,
      color: '#525b6b',
      content: 'Something not right? Reply to this email and we will sort it out.',
      padding: pad(12, 40, 8, 40),
    },
    accent('accent', 'center', 12, '#3451b2', pad(20, 0)),
    signOff('<p>Thank you,<br />[shop-name]</p>', 'center', pad(8, 40, 40, 40)),
  ],
};

/** The journey's "shipped" email: sent when the order ships, so the tracking tokens are filled. */
const shipped: DesignInput = {
  global: {
    backdropColor: '#eef1f4',
    canvasColor: '#ffffff',
    canvasRadius: 12,
    canvasYMargin: 40,
    textColor: '#1e2a36',
  },
  blocks: [
    logo('left', pad(32, 32, 8, 32), 140),
    accent('accent', 'left', 100, '#2563a8', pad(16, 32, 8, 32)),
    {
      id: 'heading',
      type: 'heading',
      level: 'h1',
      content: 'Your order is on its way, [customer-first-name|friend]',
      padding: pad(16, 32, 8, 32),
    },
    {
      id: 'message',
      type: 'text',
      fontSize: 17,
      content: '',
      html: '<p>Good news: order [order-number] has left our hands and is with the carrier now. Follow it all the way to your door with the button below.</p>',
      padding: pad(8, 32, 20, 32),
    },
    {
      id: 'tracking-button',
      type: 'button',
      text: 'Track your parcel',
      url: '[tracking-link]',
      align: 'left',
      size: 'md',
      style: 'rounded',
      buttonColor: '#2563a8',
      padding: pad(4, 32, 8, 32),
    },
    {
      // Only the number and a symbol: an order without one leaves the whole line out.
      id: 'tracking-number',
      type: 'text',
      fontSize: 14,
      color: '#4b5866',
      content: '📦 [tracking-number]',
      padding: pad(8, 32, 8, 32),
    },
    {
      id: 'reassure',
      type: 'text',
      fontSize: 15,
      content:
        'Tracking can take a day to show the first scan. A question about your order? Just reply to this email.',
      padding: pad(16, 32, 8, 32),
    },
    signOff('<p>Happy unwrapping,<br />[shop-name]</p>', 'left', pad(24, 32, 40, 32)),
  ],
};

/** The journey's check-in once the parcel is delivered: no ask, just care. */
const delivered: DesignInput = {
  global: {
    backdropColor: '#f3efe9',
    canvasColor: '#ffffff',
    canvasRadius: 12,
    canvasYMargin: 40,
    textColor: '#2a2420',
  },
  blocks: [
    logo('center', pad(36, 24, 8)),
    {
      id: 'heading',
      type: 'heading',
      level: 'h2',
      align: 'center',
      content: 'Did it arrive safely, [customer-first-name|friend]?',
      padding: pad(20, 40, 8, 40),
    },
    accent('accent', 'center', 12, '#9a5b3f', pad(12, 0)),
    {
      id: 'message',
      type: 'text',
      align: 'center',
      fontSize: 17,
      content: '',
      html: '<p>Your order [order-number] should be with you now. We hope it arrived in one piece and that you love it as much as we loved making it.</p>',
      padding: pad(12, 40, 8, 40),
    },
    {
      id: 'help',
      type: 'text',
      align: 'center',
      fontSize: 15,
      color: '#5e544c',
      content: '',
      html: '<p>Something missing, broken or not quite right? Reply to this email and we will put it right.</p>',
      padding: pad(8, 40, 16, 40),
    },
    {
      id: 'shop-button',
      type: 'button',
      text: 'Visit the shop',
      url: '[shop-url]',
      size: 'sm',
      style: 'pill',
      buttonColor: '#9a5b3f',
      padding: pad(4, 24, 8, 24),
    },
    signOff('<p>Take care,<br />[shop-name]</p>', 'center', pad(24, 40, 40, 40)),
  ],
};

const blank: DesignInput = {
  global: {
    backdropColor: '#f4f4f5',
    canvasColor: '#ffffff',
    canvasRadius: 12,
    canvasYMargin: 40,
    textColor: '#1f2328',
  },
  blocks: [
    logo('center', pad(36, 24, 8)),
    {
      id: 'message',
      type: 'text',
      content: '',
      html: '<p>Hi [customer-first-name|there],</p><p>Thank you for shopping with [shop-name]!</p>',
      padding: pad(24, 40, 32, 40),
    },
  ],
};

interface StarterSource {
  id: string;
  name: string;
  subject: string;
  description: string;
  design: DesignInput;
}

const SOURCES: readonly StarterSource[] = [
  {
    id: 'classic',
    name: 'Classic thank-you',
    subject: 'Thank you for your order, [customer-first-name|friend]!',
    description: 'A warm, centred note of thanks with a link back to your shop.',
    design: classic,
  },
  {
    id: 'welcome',
    name: 'First order welcome',
    subject: 'Welcome to [shop-name], [customer-first-name|friend]',
    description: 'Greets a new customer and shows what happens next, in three short steps.',
    design: welcome,
  },
  {
    id: 'coupon',
    name: 'Coupon for next time',
    subject: 'A little thank-you for your next order',
    description: 'Thanks the buyer and gives them your coupon code for their next order.',
    design: coupon,
  },
  {
    id: 'story',
    name: 'Handmade story',
    subject: 'The story behind your order from [shop-name]',
    description: 'Tells the small-batch, handmade story behind what they bought.',
    design: story,
  },
  {
    id: 'holiday',
    name: 'Holiday greetings',
    subject: 'Happy holidays from [shop-name]',
    description: 'A festive thank-you for the gift-giving season.',
    design: holiday,
  },
  {
    id: 'review',
    name: 'Review request',
    subject: 'How are you getting on, [customer-first-name|friend]?',
    description: 'Asks kindly for a review, with one clear button.',
    design: review,
  },
  {
    id: 'shipped',
    name: 'Shipped, with tracking',
    subject: 'Order [order-number] is on its way',
    description: 'Tells the buyer their order has shipped, with a button to track the parcel.',
    design: shipped,
  },
  {
    id: 'delivered',
    name: 'Delivered check-in',
    subject: 'Did your order arrive safely?',
    description: 'Checks in once the parcel is delivered, and offers help if anything is wrong.',
    design: delivered,
  },
  {
    id: BLANK_STARTER_ID,
    name: 'Blank',
    subject: 'Thank you for your order',
    description: 'Your logo and a single line of text: start from scratch.',
    design: blank,
  },
];

// Parsed once: the stored form, every default filled in, exactly what saving returns.
const STARTERS: readonly StarterDesign[] = SOURCES.map((source) => ({
  ...source,
  design: designSchema.parse(source.design),
}));

/** The starter designs (Blank last), each wearing `brand`. Fresh objects on every call. */
export function starterDesigns(brand: BrandKit): StarterDesign[] {
  return STARTERS.map((starter) => ({
    ...starter,
    design: applyBrand(structuredClone(starter.design), brand),
  }));
}
