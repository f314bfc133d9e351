import { describe, expect, it } from 'vitest';
import { createDefaultTemplate } from '../template/default-template.ts';
import { findEmptyTokens, tokensSellerCannotFill } from './empty-tokens.ts';

const etsy = { url: 'https://www.etsy.com/shop/juniper', providesTrackingLinks: true };
const woo = { url: 'https://juniper.example', providesTrackingLinks: false };

describe('tokensSellerCannotFill', () => {
  it('names the coupon code until one is saved', () => {
    expect([...tokensSellerCannotFill({ couponCode: '', shops: [etsy] })]).toEqual(['coupon-code']);
    expect([...tokensSellerCannotFill({ couponCode: 'SAVE10', shops: [etsy] })]).toEqual([]);
  });

  it('names shop tokens only once a shop is connected, and only when no shop can fill them', () => {
    expect([...tokensSellerCannotFill({ couponCode: 'X', shops: [] })]).toEqual([]);
    expect([...tokensSellerCannotFill({ couponCode: 'X', shops: [woo] })]).toEqual([
      'tracking-link',
    ]);
    expect([...tokensSellerCannotFill({ couponCode: 'X', shops: [woo, etsy] })]).toEqual([]);
    expect([
      ...tokensSellerCannotFill({
        couponCode: 'X',
        shops: [{ url: null, providesTrackingLinks: false }],
      }),
    ]).toEqual(['shop-url', 'tracking-link']);
  });
});

describe('findEmptyTokens', () => {
  const template = createDefaultTemplate();

  it('warns that the default template’s coupon button will be empty without a coupon code', () => {
    const warnings = findEmptyTokens(template, { couponCode: '', shops: [etsy] });
    expect(warnings).toEqual([
      { token: '[coupon-code]', message: expect.stringContaining('You have no coupon code saved') },
    ]);
    expect(findEmptyTokens(template, { couponCode: 'SAVE10', shops: [etsy] })).toEqual([]);
  });

  it('warns about tracking links only for a template that uses them, without a fallback', () => {
    const sources = { couponCode: 'SAVE10', shops: [woo] };
    expect(findEmptyTokens(template, sources)).toEqual([]);
    const tracking = (text: string) => ({
      design: { blocks: [{ id: 'b', type: 'button' as const, text: 'Track', url: text }] },
    });
    expect(findEmptyTokens(tracking('[tracking-link]'), sources)).toEqual([
      {
        token: '[tracking-link]',
        message: expect.stringMatching(/^Your marketplace doesn’t send tracking links/),
      },
    ]);
    expect(findEmptyTokens(tracking('[tracking-link|https://juniper.example]'), sources)).toEqual(
      [],
    );
  });

  it('says the tracking tokens are filled in an email sent when the order ships, not at payment', () => {
    const template = {
      design: {
        blocks: [
          {
            id: 'b',
            type: 'button' as const,
            text: 'Track [tracking-number]',
            url: '[tracking-link]',
          },
        ],
      },
    };
    const shipping = /goes out when the order is paid, before there is a tracking/;
    // With a marketplace that sends tracking, and before any shop is connected.
    for (const shops of [[etsy], []]) {
      const warnings = findEmptyTokens(template, { couponCode: 'X', shops });
      expect(warnings.map((w) => w.token)).toEqual(['[tracking-link]', '[tracking-number]']);
      for (const warning of warnings) expect(warning.message).toMatch(shipping);
    }
    // A WooCommerce store may give a number (Shipment Tracking) but no link as a rule.
    expect(
      findEmptyTokens(template, { couponCode: 'X', shops: [woo] }).map((w) => w.message),
    ).toEqual([
      expect.stringMatching(/^Your marketplace doesn’t send tracking links/),
      expect.stringMatching(shipping),
    ]);
    const withFallbacks = {
      design: {
        blocks: [
          {
            id: 'b',
            type: 'button' as const,
            text: 'Track [tracking-number|your parcel]',
            url: '[tracking-link|https://juniper.example]',
          },
        ],
      },
    };
    expect(findEmptyTokens(withFallbacks, { couponCode: 'X', shops: [etsy] })).toEqual([]);
    // Sent only once the order ships (a journey step): filled, unless the marketplace never gives them.
    const onceShipped = { sentOnceShipped: true };
    expect(findEmptyTokens(template, { couponCode: 'X', shops: [etsy] }, onceShipped)).toEqual([]);
    expect(findEmptyTokens(template, { couponCode: 'X', shops: [] }, onceShipped)).toEqual([]);
    expect(
      findEmptyTokens(template, { couponCode: 'X', shops: [woo] }, onceShipped).map((w) => w.token),
    ).toEqual(['[tracking-link]']);
  });

  it('looks at the subject and preview text too, and ignores text a block does not show', () => {
    const sources = { couponCode: '', shops: [] };
    const plain = {
      blocks: [{ id: 't', type: 'text' as const, content: '[coupon-code]', html: '<p>Hi</p>' }],
    };
    expect(findEmptyTokens({ design: plain }, sources)).toEqual([]);
    expect(findEmptyTokens({ design: plain, subject: 'Code [coupon-code]' }, sources)).toHaveLength(
      1,
    );
    expect(findEmptyTokens({ design: plain, preheader: '[coupon-code]' }, sources)).toHaveLength(1);
  });
});
