import { describe, expect, it } from 'vitest';
import { renderEmail } from '../render/render-email.ts';
import { dropUnsafeUrls } from '../render/url-attributes.ts';
import { sanitizeDesign } from '../sanitize/sanitize-design.ts';
import { unsafeFallbackProblem } from './fallback-rules.ts';
import { renderEmailForOrder } from './render-email-for-order.ts';
import { fillTokens, sampleTokenValues } from './tokens.ts';

/** A design whose button, rich-text link and image all take their target from one token. */
function designWith(target: string) {
  return sanitizeDesign({
    global: {},
    blocks: [
      { id: 'b', type: 'button', text: 'Visit us', url: target },
      { id: 't', type: 'text', html: `<p><a href="${target}">our shop</a></p>` },
      { id: 'i', type: 'image', src: target, alt: 'Logo' },
    ],
  } as never);
}

/** Every href and src value in a document, decoded as far as the test needs. */
function targets(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src|background)="([^"]*)"/g)].map((m) => m[1]!);
}

const HOSTILE = [
  '[shop-url|javascript:alert(1)]',
  '[shop-url|JaVaScRiPt:alert(1)]',
  '[shop-url| javascript:alert(1)]',
  '[shop-url|java&#9;script:alert(1)]',
  '[shop-url|java&#x0A;script:alert(1)]',
  '[shop-url|javascript&colon;alert(1)]',
  '[shop-url|&#106;avascript:alert(1)]',
  '[shop-url|&#0000106avascript:alert(1)]',
  '[shop-url|vbscript:msgbox(1)]',
  '[shop-url|data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==]',
];

describe('links and images whose target comes from a token', () => {
  it.each(HOSTILE)('%s: the fallback never becomes a link or image target', (target) => {
    const email = renderEmailForOrder(designWith(target), 'Thanks', {});
    for (const value of targets(email.html)) {
      expect(value.toLowerCase()).not.toMatch(/script|data:text|&#|&colon/);
    }
    // The link's text stays; the image goes.
    expect(email.html).toContain('Visit us');
    expect(email.html).toContain('our shop');
    expect(email.html).not.toMatch(/<img[^>]*alt="Logo"/);
  });

  it('a marketplace value of javascript: for shop-url or a token in a whole href is dropped', () => {
    const asShopUrl = renderEmailForOrder(designWith('[shop-url]'), 'Thanks', {
      'shop-url': 'javascript:alert(1)',
    });
    expect(asShopUrl.html).not.toContain('javascript:');
    const viaOtherToken = renderEmailForOrder(designWith('[shop-name]'), 'Thanks', {
      'shop-name': 'javascript:alert(document.cookie)',
    });
    expect(targets(viaOtherToken.html).join(' ')).not.toContain('javascript:');
    expect(viaOtherToken.html).toContain('Visit us');
  });

  it('safe targets survive filling: https, mailto, and the seller’s https fallback', () => {
    const email = renderEmailForOrder(designWith('[shop-url|https://juniper.example/]'), 'x', {});
    expect(email.html).toContain('href="https://juniper.example/"');
    expect(email.html).toContain('src="https://juniper.example/"');
    const filled = renderEmailForOrder(designWith('[shop-url]'), 'x', sampleTokenValues);
    expect(filled.html).toContain('href="https://example.com/shop"');
    expect(dropUnsafeUrls('<a href="mailto:a@b.test">m</a>')).toBe(
      '<a href="mailto:a@b.test">m</a>',
    );
  });

  it('previews fill through the same check', () => {
    const preview = fillTokens(
      renderEmail(designWith('[shop-url|javascript:alert(1)]')).html,
      {},
      {
        escape: 'html',
      },
    );
    expect(preview).not.toContain('javascript:');
  });

  it('dropUnsafeUrls: a link loses its href, an image is removed, other elements lose the attribute', () => {
    expect(dropUnsafeUrls('<p><a href="javascript:x" target="_blank">t</a></p>')).toBe(
      '<p><a target="_blank">t</a></p>',
    );
    expect(dropUnsafeUrls("<a href='  JAVA\tSCRIPT:x'>t</a>")).toBe('<a>t</a>');
    expect(dropUnsafeUrls('<a href=javascript:x>t</a>')).toBe('<a>t</a>');
    expect(dropUnsafeUrls('a<img src="data:image/svg+xml;base64,AAAA" alt="x">b')).toBe('ab');
    expect(dropUnsafeUrls('<img src="data:image/png;base64,AAAA" alt="x">')).toBe(
      '<img src="data:image/png;base64,AAAA" alt="x">',
    );
    expect(dropUnsafeUrls('<table background="vbscript:x" width="1">')).toBe('<table width="1">');
    // Text that only reads like an attribute is left as it is; an image goes once, whole.
    expect(dropUnsafeUrls('<p>say href="javascript:x" ok</p>')).toBe(
      '<p>say href="javascript:x" ok</p>',
    );
    expect(
      dropUnsafeUrls('a<img src="javascript:x" background="vbscript:y">b<a href="#">c</a>'),
    ).toBe('ab<a href="#">c</a>');
  });
});

describe('fallbacks refused when a template is saved', () => {
  const problem = (target: string, subject = 'Thanks') =>
    unsafeFallbackProblem(renderEmail(designWith(target)).html, subject);

  it.each(HOSTILE)('%s as a button, link and image target', (target) => {
    expect(problem(target)).toMatch(/^A token used in a link or image address may only fall back/);
  });

  it('a fallback elsewhere that is an address with another scheme', () => {
    const text = sanitizeDesign({
      global: {},
      blocks: [{ id: 't', type: 'text', content: 'Code: [coupon-code|javascript:alert(1)]' }],
    } as never);
    expect(unsafeFallbackProblem(renderEmail(text).html, 'Hi')).toMatch(
      /^A token’s fallback may not be an address with a scheme other than http\(s\), mailto or tel: \[coupon-code\|javascript:alert\(1\)\]$/,
    );
    expect(problem('[shop-url]', 'Hi [customer-first-name|data:text/html,x]')).toMatch(
      /other than http/,
    );
  });

  it('accepts ordinary fallbacks and web-address fallbacks', () => {
    expect(problem('[shop-url|https://juniper.example]', 'Hi [customer-first-name|there]')).toBe(
      null,
    );
    expect(problem('[shop-url]', 'Thanks! [coupon-code|Ask us: anytime]')).toBe(null);
    expect(problem('https://juniper.example/?ref=[shop-name|our shop]')).toBe(null);
    expect(problem('mailto:[customer-first-name|x]@shop.test')).toBe(null);
  });
});
