// The footer's small print, read from the buyer email as sent, against what is really behind it.
import {
  type Design,
  EMPTY_BRAND,
  contrastRatio,
  designSchema,
  opaqueHex,
  sampleTokenValues,
  starterDesigns,
} from '@thankly/email';
import { describe, expect, test } from 'vitest';
import { composeBuyerEmail } from './compose-buyer-email.ts';

const config = {
  appUrl: 'https://thankly.test',
  appSecret: 'footer-contrast-secret-'.repeat(2),
  mailFrom: 'Thankly <hello@thankly.test>',
  supportEmail: 'support@thankly.test',
};

function buyerEmailOf(design: Design) {
  return composeBuyerEmail({
    config,
    template: { design, subject: 'Thank you', name: 'T', preheader: '', language: 'en' },
    shop: { id: '6f1d9a8e-3c2b-4f5a-9e7d-1b2c3d4e5f60', name: 'Juniper & Clay' },
    sellerId: '0b7e2f9c-1d4a-4c3b-8e5f-6a7b8c9d0e1f',
    sellerEmail: 'seller@shop.test',
    postalAddress: '1 Clay Lane\nPotton',
    recipient: 'buyer@example.com',
    tokenValues: sampleTokenValues,
  });
}

/**
 * The colour of the footer's unsubscribe link and words, and the backdrop behind them: the
 * background of the table that holds them, else the body's. Also the body's own colour.
 */
function footerColours(html: string) {
  const link = [
    ...html.matchAll(/<a href="[^"]*\/api\/unsubscribe\/[^"]*" style="color:([^;"]+)/g),
  ].at(-1)!;
  const before = html.slice(0, link.index);
  const cell = [...before.matchAll(/<td\b[^>]*style="[^"]*;color:([^;"]+)/g)].at(-1)!;
  const table = before.slice(before.lastIndexOf('<table'));
  const body = /<body\b[^>]*background-color:([^;"]+)/.exec(html)![1]!;
  const own = /^<table\b[^>]*\bbgcolor="([^"]+)"/.exec(table)?.[1];
  return {
    link: link[1]!,
    words: cell[1]!,
    backdrop: opaqueHex(own ?? body)!,
    body: opaqueHex(body)!,
  };
}

const withBackdrop = (design: Design, backdropColor: string): Design => ({
  ...design,
  global: { ...design.global, backdropColor },
});

describe('the footer reads on the backdrop it sits on', () => {
  const starters = starterDesigns(EMPTY_BRAND);
  const darkBrand = starterDesigns({ ...EMPTY_BRAND, backgroundColor: '#1f2937' });
  const cases: Array<[string, Design]> = [
    ...starters.map((starter): [string, Design] => [starter.name, starter.design]),
    ...darkBrand.map((starter): [string, Design] => [
      `${starter.name} (dark brand)`,
      starter.design,
    ]),
    ['dark slate backdrop', withBackdrop(starters[0]!.design, '#1f2937')],
    ['black backdrop', withBackdrop(starters[0]!.design, '#000000')],
    ['mid grey backdrop', withBackdrop(starters[0]!.design, '#767676')],
    ['short hex backdrop', withBackdrop(starters[0]!.design, '#333')],
    ['translucent rgba backdrop', withBackdrop(starters[0]!.design, 'rgba(20, 20, 40, 0.9)')],
    ['no backdrop', withBackdrop(starters[0]!.design, 'transparent')],
  ];

  test('there are starters to check, seven of them', () => {
    expect(starters.length).toBeGreaterThanOrEqual(7);
  });

  test.each(cases)(
    '%s: link and words at 4.5:1 or more, on the design’s own backdrop',
    (_name, design) => {
      const { html } = buyerEmailOf(designSchema.parse(design));
      const colours = footerColours(html);
      // The footer's backdrop is the design's, not one chosen to make the numbers pass.
      expect(colours.backdrop).toBe(colours.body);
      expect(contrastRatio(colours.link, colours.backdrop)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colours.words, colours.backdrop)).toBeGreaterThanOrEqual(4.5);
    },
  );

  test('keeps the quiet grey where it already reads (white), and moves it only as far as needed', () => {
    expect(
      footerColours(buyerEmailOf(withBackdrop(starters[0]!.design, '#ffffff')).html).link,
    ).toBe('#6b7280');
    const light = footerColours(buyerEmailOf(starters[0]!.design).html);
    expect(contrastRatio(light.link, light.backdrop)).toBeLessThan(6);
  });
});
