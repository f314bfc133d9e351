import { describe, expect, it } from 'vitest';
import { applyBrand, EMPTY_BRAND, type BrandKit } from '../brand/apply-brand.ts';
import { designSchema, parseDesign } from '../schema/design.ts';
import { sanitizeDesign } from '../sanitize/sanitize-design.ts';
import { renderEmail } from '../render/render-email.ts';
import { CANVAS_WIDTH_PX } from '../render/dimensions.ts';
import { renderEmailForOrder } from '../tokens/render-email-for-order.ts';
import { findTokens, findUnknownTokens, sampleTokenValues } from '../tokens/tokens.ts';
import { findEmptyTokens } from '../tokens/empty-tokens.ts';
import { reviewIncentiveOf } from '../tokens/review-incentive.ts';
import { BLANK_STARTER_ID, starterDesigns } from './starter-designs.ts';

const BRAND: BrandKit = {
  logoUrl: 'https://cdn.shop.test/media/logo-3f9a.png',
  primaryColor: '#0f766e',
  backgroundColor: '#fdf6ec',
  textColor: '#1e293b',
  fontFamily: 'Lora, Georgia, serif',
  signOff: 'Warmly,\nAnna at [shop-name]',
};

const REQUIRED = [
  'classic',
  'welcome',
  'coupon',
  'story',
  'holiday',
  'review',
  'shipped',
  'delivered',
  BLANK_STARTER_ID,
];
/** Made for a journey step sent when the order ships: the tracking tokens are filled by then. */
const SENT_WHEN_SHIPPED = new Set(['shipped']);

describe('starterDesigns', () => {
  it('offers the eight starter designs and blank, each with its own id, name, subject and description', () => {
    const starters = starterDesigns(EMPTY_BRAND);
    expect(starters.map((s) => s.id)).toEqual(REQUIRED);
    expect(new Set(starters.map((s) => s.name)).size).toBe(starters.length);
    for (const starter of starters) {
      expect(starter.name.trim()).not.toBe('');
      expect(starter.subject.trim()).not.toBe('');
      expect(starter.description.length).toBeGreaterThan(20);
      expect(starter.description.length).toBeLessThanOrEqual(120);
    }
  });

  it('returns fresh designs: changing one never changes the next call', () => {
    const first = starterDesigns(EMPTY_BRAND);
    (first[0]!.design.blocks as unknown[]).length = 0;
    expect(starterDesigns(EMPTY_BRAND)[0]!.design.blocks.length).toBeGreaterThan(0);
  });

  it('looks different from one design to the next', () => {
    const shapes = starterDesigns(EMPTY_BRAND).map((s) =>
      JSON.stringify(s.design.blocks.map((block) => [block.type, block.align])),
    );
    expect(new Set(shapes).size).toBe(shapes.length);
    const types = new Set(
      starterDesigns(EMPTY_BRAND).flatMap((s) => s.design.blocks.map((block) => block.type)),
    );
    for (const type of ['columns', 'divider', 'heading', 'button', 'spacer', 'image', 'text']) {
      expect(types).toContain(type);
    }
  });

  it('keeps blank small: a logo slot and one short text', () => {
    const blank = starterDesigns(EMPTY_BRAND).find((s) => s.id === BLANK_STARTER_ID)!;
    expect(blank.design.blocks.map((b) => [b.id, b.type])).toEqual([
      ['logo', 'image'],
      ['message', 'text'],
    ]);
  });

  it('uses [coupon-code] in the coupon design', () => {
    const coupon = starterDesigns(EMPTY_BRAND).find((s) => s.id === 'coupon')!;
    expect(renderEmail(coupon.design).html).toContain('[coupon-code]');
  });

  describe.each([
    ['without a brand', EMPTY_BRAND],
    ['with a brand', BRAND],
  ] as const)('%s', (_label, brand) => {
    describe.each(starterDesigns(brand).map((s) => [s.id, s] as const))('%s', (_id, starter) => {
      it('is a valid design that saves unchanged', () => {
        expect(designSchema.parse(starter.design)).toEqual(starter.design);
        const parsed = parseDesign(JSON.parse(JSON.stringify(starter.design)));
        expect(parsed.ok && parsed.design).toEqual(starter.design);
        expect(sanitizeDesign(starter.design)).toEqual(starter.design);
      });

      it('wears the brand exactly once', () => {
        expect(applyBrand(starter.design, brand)).toEqual(starter.design);
      });

      it('uses only tokens that exist, and none that a normal order leaves empty', () => {
        // Outlook's conditional comments ([if mso], [endif]) and CSS attribute selectors are not tokens.
        const withoutMso = (html: string) =>
          html.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/\[(if [^\]]*|endif)\]/g, '');
        const { html, text } = renderEmail(starter.design);
        for (const part of [withoutMso(html), text, starter.subject]) {
          expect(findUnknownTokens(part)).toEqual([]);
        }
        // A seller with a shop that has a web address, tracking links and a saved coupon code.
        const sources = {
          couponCode: 'THANKYOU20',
          shops: [{ url: 'https://shop.test', providesTrackingLinks: true }],
        };
        const empty = findEmptyTokens(starter, sources).map((w) => w.token);
        const used = new Set(
          [html, starter.subject].flatMap((part) => findTokens(part).map((t) => t.name)),
        );
        if (SENT_WHEN_SHIPPED.has(starter.id)) {
          // Sent when the order ships: only the tracking tokens, empty at payment, are flagged.
          expect(empty).toEqual(['[tracking-link]', '[tracking-number]']);
          expect(used.has('tracking-link')).toBe(true);
        } else {
          expect(empty).toEqual([]);
          // Links lead to the shop, never to a tracking page some orders lack.
          expect(used.has('tracking-link')).toBe(false);
        }
        const order = renderEmailForOrder(starter.design, starter.subject, sampleTokenValues);
        expect(withoutMso(order.html)).not.toMatch(/\[[a-z-]+(\|[^\]]*)?\]/);
        expect(order.text).not.toMatch(/\[[a-z-]+(\|[^\]]*)?\]/);
        expect(order.subject).not.toMatch(/\[|\]/);
        expect(order.text).toContain(sampleTokenValues['shop-name']);
      });

      it('renders for Outlook: VML buttons, px widths within the canvas', () => {
        const { html } = renderEmail(starter.design);
        const buttons = [...html.matchAll(/<v:roundrect\b[^>]*>/g)];
        const anchors =
          html.match(/<a [^>]*href="\[(shop-url|review-link|tracking-link)\]"[^>]*>/g) ?? [];
        const buttonCount = JSON.stringify(starter.design).match(/"type":"button"/g)?.length ?? 0;
        expect(buttons).toHaveLength(buttonCount);
        for (const [roundrect] of buttons) {
          const width = /width:(\d+)px/.exec(roundrect);
          expect(width).not.toBeNull();
          expect(Number(width![1])).toBeLessThanOrEqual(CANVAS_WIDTH_PX);
        }
        expect(anchors.length).toBeGreaterThanOrEqual(buttonCount);
        for (const [, width] of html.matchAll(/<img [^>]*?width="(\d+)"/g)) {
          expect(Number(width)).toBeLessThanOrEqual(CANVAS_WIDTH_PX);
        }
        for (const img of html.match(/<img [^>]*>/g) ?? []) expect(img).toMatch(/ width="\d+"/);
        for (const [, width] of html.matchAll(/<table [^>]*?width="(\d+)"/g)) {
          expect(Number(width)).toBeLessThanOrEqual(CANVAS_WIDTH_PX);
        }
      });
    });
  });

  describe('with a brand', () => {
    const starters = starterDesigns(BRAND);

    it.each(starters.map((s) => [s.id, s] as const))(
      '%s shows the logo at the top, the primary colour on buttons and the sign-off',
      (_id, starter) => {
        const first = starter.design.blocks[0]!;
        expect(first).toMatchObject({ id: 'logo', type: 'image', src: BRAND.logoUrl });
        const { html, text } = renderEmail(starter.design);
        expect(html).toContain(`src="${BRAND.logoUrl}" alt="[shop-name]"`);
        for (const button of html.match(/<v:roundrect\b[^>]*>/g) ?? []) {
          expect(button).toContain(`fillcolor="${BRAND.primaryColor}"`);
        }
        expect(html).toContain('background-color:#fdf6ec');
        expect(html).toContain('font-family:Lora, Georgia, serif');
        expect(text).toContain('Anna at [shop-name]');
        expect(starter.design.blocks.filter((b) => b.id === 'sign-off')).toHaveLength(1);
      },
    );
  });

  describe('the journey starters', () => {
    const byId = (id: string) => starterDesigns(BRAND).find((s) => s.id === id)!;
    const ORDER = { ...sampleTokenValues, 'tracking-link': 'https://track.example/1Z999' };

    it('shipped: written words, the tracking button and number, in the brand colour', () => {
      const starter = byId('shipped');
      const email = renderEmailForOrder(starter.design, starter.subject, ORDER);
      expect(email.subject).toBe(`Order ${ORDER['order-number']} is on its way`);
      expect(email.text).toContain('is with the carrier now');
      expect(email.html).toContain('href="https://track.example/1Z999"');
      expect(email.html).toContain(ORDER['tracking-number']);
      expect(email.html).toContain(`fillcolor="${BRAND.primaryColor}"`);
      expect(email.html).not.toMatch(/href=""/);
    });

    it('shipped: an order without tracking loses the button and the number line, never an empty link', () => {
      const starter = byId('shipped');
      const email = renderEmailForOrder(starter.design, starter.subject, {
        ...sampleTokenValues,
        'tracking-link': undefined,
        'tracking-number': undefined,
      });
      expect(email.html).not.toContain('Track your parcel');
      expect(email.html).not.toContain('📦');
      expect(email.html).not.toMatch(/href=""/);
      expect(email.text).toContain('is with the carrier now');
    });

    it.each(['shipped', 'delivered', 'review'])(
      '%s offers nothing in return for a review and links only to the shop or the review page',
      (id) => {
        const starter = byId(id);
        expect(reviewIncentiveOf(starter)).toBeNull();
        const { html } = renderEmail(starter.design);
        const withoutMso = html.replace(/<!--\[if[\s\S]*?<!\[endif\]-->/g, '');
        for (const [, href] of withoutMso.matchAll(/href="([^"]*)"/g)) {
          expect(['[shop-url]', '[review-link]', '[tracking-link]']).toContain(href);
        }
      },
    );

    it('review: the button leads to the marketplace’s own review page', () => {
      const review = byId('review');
      const { html } = renderEmail(review.design);
      expect(html).toMatch(/<a [^>]*href="\[review-link\]"[^>]*>/);
    });
  });
});
