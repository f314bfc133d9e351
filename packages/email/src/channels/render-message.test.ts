import { describe, expect, it } from 'vitest';
import { applyBrand, EMPTY_BRAND } from '../brand/apply-brand.ts';
import { renderCardForOrder } from '../card/render-card.ts';
import { starterDesigns } from '../gallery/starter-designs.ts';
import { renderEmail } from '../render/render-email.ts';
import { designSchema } from '../schema/design.ts';
import { sampleTokenValues } from '../tokens/tokens.ts';
import { renderMessageForOrder } from './render-message.ts';

const values = {
  ...sampleTokenValues,
  'shop-name': 'Demo Shop',
  'shop-url': 'https://juniper.example/shop',
  'review-link': 'https://www.etsy.com/your/purchases',
};
const ORDER_URL = 'https://www.etsy.com/your/purchases/1048213';
/** Etsy's rule: a message may link to Etsy's own pages only. */
const onEtsy = {
  linkAllowed: (url: string) => /^https:\/\/([a-z0-9-]+\.)*etsy\.com(\/|$)/.test(url),
  orderUrl: ORDER_URL,
};
const anywhere = { linkAllowed: () => true, orderUrl: 'https://juniper.example/account' };

const classic = () => {
  const starter = starterDesigns(EMPTY_BRAND).find((s) => s.id === 'classic')!;
  return applyBrand(designSchema.parse(starter.design), {
    ...EMPTY_BRAND,
    logoUrl: 'https://cdn.test/logo.png',
  });
};

describe('renderMessageForOrder: the thank-you as a marketplace message', () => {
  it('is plain prose: no alt text, no divider, no email-only phrases, the order link at the end', () => {
    const message = renderMessageForOrder(classic(), values, onEtsy);
    expect(message).toContain('Thank you, Alex!');
    // The logo's alt text once made the message start "Demo Shop:".
    expect(message.startsWith('Demo Shop')).toBe(false);
    expect(message).not.toMatch(/^-{3,}$/m);
    expect(message).not.toMatch(/this email|unsubscribe/i);
    expect(message).toContain('Just reply to this message.');
    expect(message.trimEnd().endsWith(`Your order: ${ORDER_URL}`)).toBe(true);
  });

  it('on Etsy carries no link off Etsy, however it is written', () => {
    const design = designSchema.parse({
      blocks: [
        {
          id: 't',
          type: 'text',
          html: '<p>See <a href="[shop-url]">our site</a> or [shop-url] (new)</p>',
        },
        { id: 'b', type: 'button', text: 'Visit the shop', url: '[shop-url]' },
        { id: 'r', type: 'button', text: 'Write a review', url: '[review-link]' },
      ],
    });
    const message = renderMessageForOrder(design, values, onEtsy);
    expect(message).not.toContain('juniper.example');
    expect(message).not.toContain('Visit the shop');
    expect(message).toContain('Write a review: https://www.etsy.com/your/purchases');
    expect(message).toContain('our site');
    // Where links are allowed, the shop's button keeps its address.
    expect(renderMessageForOrder(design, values, anywhere)).toContain(
      'Visit the shop: https://juniper.example/shop',
    );
  });

  it('leaves out a block the seller hid from messages, which the email and card still show', () => {
    const design = designSchema.parse({
      blocks: [
        { id: 'a', type: 'text', content: 'Shown everywhere' },
        { id: 'b', type: 'text', content: 'Email and card only', hideInMessage: true },
        { id: 'c', type: 'text', content: 'Message and card only', hideInEmail: true },
      ],
    });
    const message = renderMessageForOrder(design, values, anywhere);
    expect(message).toContain('Shown everywhere');
    expect(message).not.toContain('Email and card only');
    expect(message).toContain('Message and card only');
    const { html, text } = renderEmail(design);
    expect(text).toContain('Email and card only');
    expect(html).not.toContain('Message and card only');
    expect(text).not.toContain('Message and card only');
    expect(renderCardForOrder(design, values).html).toContain('Email and card only');
  });
});

describe('the printed card says what a card can', () => {
  it('leaves off reply-to-this-email and its lead-in, and ends with a card’s sign-off', () => {
    const design = designSchema.parse({
      blocks: [
        { id: 'a', type: 'text', content: 'Thank you for your order!' },
        {
          id: 'b',
          type: 'text',
          content: 'P.S. A question about your order? Just reply to this email.',
        },
      ],
    });
    const { html } = renderCardForOrder(design, values, { signOff: 'With thanks,\n[shop-name]' });
    expect(html).toContain('Thank you for your order!');
    expect(html).not.toMatch(/reply|question|P\.S\./i);
    expect(html).toMatch(/With thanks,<br \/>Demo Shop/);
  });

  it('keeps a design’s own sign-off and adds none', () => {
    const { html } = renderCardForOrder(classic(), values, {
      signOff: 'With thanks,\n[shop-name]',
    });
    expect(html).not.toContain('With thanks,');
  });
});
