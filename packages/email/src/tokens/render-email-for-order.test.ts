import { describe, expect, it } from 'vitest';
import { createDefaultTemplate } from '../template/default-template.ts';
import { renderEmailForOrder } from './render-email-for-order.ts';
import { sampleTokenValues } from './tokens.ts';

describe('renderEmailForOrder', () => {
  const { design, subject } = createDefaultTemplate();

  it('fills tokens in the subject, html and text', () => {
    const email = renderEmailForOrder(design, subject, sampleTokenValues, {
      preheader: 'A gift from [shop-name]',
    });
    expect(email.subject).toBe('Thank you for your order, Alex!');
    expect(email.html).toContain('Thank you so much for shopping with Juniper &amp; Clay!');
    expect(email.html).toContain('A gift from Juniper &amp; Clay');
    expect(email.html).toContain('<title>Thank you for your order, Alex!</title>');
    expect(email.html).toContain('href="https://example.com/shop"');
    expect(email.html).toContain('>THANKYOU20</a>');
    expect(email.text).toContain('Thank you so much for shopping with Juniper & Clay!');
    expect(email.text).toContain('THANKYOU20: https://example.com/shop');
    expect(email.html + email.text).not.toMatch(/\[(customer|shop|order|coupon)-/);
  });

  it('keeps a hostile buyer name as text in html and as-is in the plain part', () => {
    const email = renderEmailForOrder(design, subject, {
      'customer-first-name': '<script>alert(1)</script>',
    });
    expect(email.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(email.html).not.toContain('<script>');
    expect(email.text).toContain('Hi <script>alert(1)</script>,');
    expect(email.subject).toBe('Thank you for your order, <script>alert(1)</script>!');
  });

  it('uses fallbacks for missing values and keeps line breaks out of the subject', () => {
    const email = renderEmailForOrder(design, '[shop-name] says thanks', {
      'shop-name': 'A\r\nBcc: x@evil.test',
    });
    expect(email.subject).toBe('A Bcc: x@evil.test says thanks');
    expect(renderEmailForOrder(design, subject, {}).subject).toBe(
      'Thank you for your order, friend!',
    );
    expect(renderEmailForOrder(design, subject, {}).text).toContain('Hi there,');
  });
});

describe('blocks that show only tokens the order leaves empty', () => {
  const { design, subject } = createDefaultTemplate();
  const withoutCoupon = { ...sampleTokenValues, 'coupon-code': undefined };

  it('leave the coupon button out of HTML and text when no coupon code is saved', () => {
    const email = renderEmailForOrder(design, subject, withoutCoupon);
    // The default button is the only one: no pill at all, and no stray colon in the text part.
    expect(email.html).not.toContain('border-radius:12px');
    expect(email.html).not.toMatch(/<a [^>]*>\s*<\/a>/);
    expect(email.text).not.toMatch(/^\s*:/m);
    expect(email.text).toContain('Just use this code at checkout:\n\nWith gratitude,');
    // Everything else is still there.
    expect(email.html).toContain('Thank you so much for shopping with Juniper &amp; Clay!');
  });

  it('keep the coupon button when the code is saved', () => {
    const email = renderEmailForOrder(design, subject, sampleTokenValues);
    expect(email.html).toContain('>THANKYOU20</a>');
  });

  it('keep a block whose token has a fallback, or that has words of its own', () => {
    const blocks = [
      { id: 'a', type: 'button', text: '[coupon-code|SPRING]', url: 'https://shop.example' },
      { id: 'b', type: 'text', html: '<p>Your code: [coupon-code]</p>' },
      { id: 'c', type: 'heading', content: '' },
    ] as const;
    const email = renderEmailForOrder({ blocks: [...blocks] }, 's', {});
    expect(email.html).toContain('>SPRING</a>');
    expect(email.text).toContain('Your code:');
    // A block without tokens is never dropped by this rule, even when it shows nothing.
    expect(email.html).toMatch(/<h2[^>]*><\/h2>/);
  });

  it('leave a welcome-back line out for a first order and show it to a returning buyer', () => {
    const blocks = [
      { id: 'a', type: 'text', html: '<p>[welcome-back|Lovely to see you again!]</p>' },
      { id: 'b', type: 'text', html: '<p>Thank you for order [order-count] with us.</p>' },
    ] as const;
    const first = renderEmailForOrder({ blocks: [...blocks] }, 's', { 'order-count': '1' });
    expect(first.html).not.toContain('Lovely to see you again');
    expect(first.html).not.toMatch(/<p[^>]*>\s*<\/p>/);
    expect(first.text).toContain('Thank you for order 1 with us.');
    const again = renderEmailForOrder({ blocks: [...blocks] }, 's', {
      'order-count': '2',
      'welcome-back': 'Welcome back!',
    });
    expect(again.html).toContain('Lovely to see you again!');
    expect(again.text).toContain('Lovely to see you again!');
    expect(again.text).toContain('Thank you for order 2 with us.');
  });

  it('drop text and headings made only of empty tokens and punctuation', () => {
    const email = renderEmailForOrder(
      {
        blocks: [
          { id: 'a', type: 'heading', content: '[tracking-link]' },
          { id: 'b', type: 'text', html: '<p>( <strong>[coupon-code]</strong> )!</p>' },
          { id: 'c', type: 'text', html: '<p>Thanks [customer-first-name]</p>' },
        ],
      },
      's',
      {},
    );
    expect(email.html).not.toContain('<h2');
    expect(email.html).not.toContain('( ');
    expect(email.text.trim()).toBe('Thanks');
  });

  it('keep a text block with an inline image, whatever its tokens hold', () => {
    const email = renderEmailForOrder(
      {
        blocks: [
          {
            id: 'a',
            type: 'text',
            html: '<p><img src="https://img.example/a.png" alt="">[coupon-code]</p>',
          },
        ],
      },
      's',
      {},
    );
    expect(email.html).toContain('https://img.example/a.png');
  });

  it('drop a button that leads nowhere unless its words are the order’s own value', () => {
    const blocks = [
      { id: 'track', type: 'button', text: 'Track your parcel', url: '[tracking-link]' },
      { id: 'code', type: 'button', text: '[coupon-code]', url: '[shop-url]' },
    ] as const;
    const email = renderEmailForOrder({ blocks: [...blocks] }, 's', { 'coupon-code': 'SAVE10' });
    expect(email.html).not.toContain('Track your parcel');
    expect(email.text).not.toContain('Track your parcel');
    // The code is what the buyer needs; it still shows without a shop address to link to.
    expect(email.html).toContain('>SAVE10</a>');
    // …and reads as the code alone in plain text, not "SAVE10: " with nothing after it.
    expect(email.text).toBe('SAVE10\n');
    expect(email.html).not.toContain('href=""');
    const tracked = renderEmailForOrder({ blocks: [...blocks] }, 's', {
      'tracking-link': 'https://track.example/1',
    });
    expect(tracked.html).toContain('Track your parcel');
  });

  it('empty a column of such blocks, and leave out a row whose columns are all empty', () => {
    const row = (id: string, items: object[][]) => ({
      id,
      type: 'columns',
      columns: items.map((columnItems, i) => ({
        id: `${id}-${i}`,
        widthPct: 50,
        items: columnItems,
      })),
    });
    const gone = row('gone', [
      [{ id: 'g1', type: 'button', text: '[coupon-code]' }],
      [{ id: 'g2', type: 'text', html: '<p>[tracking-link]</p>' }],
    ]);
    const kept = row('kept', [
      [{ id: 'k1', type: 'button', text: '[coupon-code]' }],
      [{ id: 'k2', type: 'text', html: '<p>Still here</p>' }],
    ]);
    const keptAlone = row('kept', [[], [{ id: 'k2', type: 'text', html: '<p>Still here</p>' }]]);
    const email = renderEmailForOrder({ blocks: [gone, kept] } as never, 's', {});
    expect(email.html).not.toMatch(/<a [^>]*>\s*<\/a>/);
    // Exactly what the kept row with an empty first column renders: the other row left no trace.
    expect(email.html).toBe(renderEmailForOrder({ blocks: [keptAlone] } as never, 's', {}).html);
    expect(email.text).toBe('Still here\n');
  });
});
