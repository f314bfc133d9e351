import { describe, expect, it } from 'vitest';
import { EMPTY_BRAND, type BrandKit } from '../brand/apply-brand.ts';
import { starterDesigns } from '../gallery/starter-designs.ts';
import { designSchema } from '../schema/design.ts';
import { findDeadLinks, withBlockLink } from './dead-links.ts';
import { renderEmailForOrder } from './render-email-for-order.ts';
import { sampleTokenValues } from './tokens.ts';

const LOGO_BRAND: BrandKit = { ...EMPTY_BRAND, logoUrl: 'https://cdn.shop.test/logo.png' };

/** Every href="…" in the HTML, as written. */
const hrefs = (html: string) => [...html.matchAll(/\shref\s*=\s*"([^"]*)"/gi)].map((m) => m[1]);

describe('no buyer email carries an empty link', () => {
  const withAddress = { ...sampleTokenValues, 'shop-url': 'https://juniper.example' };
  const withoutAddress = { ...sampleTokenValues, 'shop-url': undefined, 'review-link': undefined };

  for (const brand of [EMPTY_BRAND, LOGO_BRAND]) {
    for (const starter of starterDesigns(brand)) {
      it(`${starter.name}${brand.logoUrl ? ' with a logo' : ''}: never href="" or "#", with or without an address`, () => {
        for (const values of [withAddress, withoutAddress]) {
          const { html } = renderEmailForOrder(starter.design, starter.subject, values);
          for (const href of hrefs(html)) {
            expect(href?.trim()).not.toBe('');
            expect(href).not.toBe('#');
          }
        }
      });
    }
  }

  it('keeps the call to action when the shop has a web address', () => {
    const classic = starterDesigns(EMPTY_BRAND).find((s) => s.id === 'classic')!;
    const { html } = renderEmailForOrder(classic.design, classic.subject, {
      ...sampleTokenValues,
      'shop-url': 'https://juniper.example',
    });
    expect(html).toContain('Visit the shop');
    expect(hrefs(html)).toContain('https://juniper.example');
  });

  it('leads the review request to the marketplace review place, not the shop', () => {
    const review = starterDesigns(EMPTY_BRAND).find((s) => s.id === 'review')!;
    const { html } = renderEmailForOrder(review.design, review.subject, {
      ...sampleTokenValues,
      'shop-url': 'https://juniper.example',
      'review-link': 'https://www.etsy.com/your/purchases',
    });
    expect(html).toContain('Write a review');
    expect(hrefs(html)).toContain('https://www.etsy.com/your/purchases');
  });

  it('drops an empty link a token leaves, keeping the picture', () => {
    const design = designSchema.parse({
      blocks: [{ id: 'logo', type: 'image', src: 'https://cdn.test/l.png', href: '[shop-url]' }],
    });
    const { html } = renderEmailForOrder(design, 'Hi', { 'shop-url': undefined });
    expect(html).toContain('https://cdn.test/l.png');
    expect(html).not.toMatch(/href\s*=\s*""/);
  });
});

describe('findDeadLinks', () => {
  it('names a button without a web address in the seller’s words, with the shop-address fix', () => {
    const design = designSchema.parse({
      blocks: [
        { id: 'ok', type: 'button', text: 'Shop', url: 'https://juniper.example' },
        { id: 'dead', type: 'button', text: 'Visit the shop', url: '' },
        {
          id: 'row',
          type: 'columns',
          columns: [
            {
              id: 'c1',
              widthPct: 100,
              items: [{ id: 'pic', type: 'image', href: 'javascript:alert(1)' }],
            },
          ],
        },
      ],
    });
    const warnings = findDeadLinks(design);
    expect(warnings.map((w) => w.blockId)).toEqual(['dead', 'pic']);
    expect(warnings[0]!.message).toContain('“Visit the shop”');
    expect(warnings[0]!.message).not.toMatch(/href|url|token/i);
    expect(warnings[0]!.fix.url).toBe('[shop-url]');

    const fixed = withBlockLink(withBlockLink(design, 'dead', '[shop-url]'), 'pic', '[shop-url]');
    expect(findDeadLinks(fixed)).toEqual([]);
  });

  it('finds nothing in any starter design', () => {
    for (const starter of starterDesigns(EMPTY_BRAND))
      expect(findDeadLinks(starter.design)).toEqual([]);
  });
});
