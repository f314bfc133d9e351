import { describe, expect, it } from 'vitest';
import {
  fillTokens,
  findUnknownTokens,
  sampleTokenValues,
  TOKEN_NAMES,
  TOKENS,
  tokenText,
  type TokenValues,
} from './tokens.ts';

describe('TOKENS', () => {
  it('are the ten tokens of spec section 3, the tracking number, the review link and the returning-buyer tokens, each with a label and a description', () => {
    expect(TOKEN_NAMES).toEqual([
      'customer-first-name',
      'customer-last-name',
      'order-number',
      'order-date',
      'product-title-list',
      'shop-name',
      'shop-url',
      'review-link',
      'coupon-code',
      'order-total',
      'tracking-link',
      'tracking-number',
      'order-count',
      'welcome-back',
    ]);
    for (const name of TOKEN_NAMES) {
      expect(TOKENS[name].label.length).toBeGreaterThan(0);
      expect(TOKENS[name].description.length).toBeGreaterThan(0);
    }
  });

  it('have a sample value each, with a 20% coupon for previews', () => {
    expect(Object.keys(sampleTokenValues).sort()).toEqual([...TOKEN_NAMES].sort());
    expect(sampleTokenValues['coupon-code']).toBe('THANKYOU20');
  });
});

describe('fillTokens', () => {
  it.each(TOKEN_NAMES)('fills [%s]', (name) => {
    const text = `before [${name}] after`;
    expect(fillTokens(text, sampleTokenValues, { escape: 'none' })).toBe(
      `before ${sampleTokenValues[name]} after`,
    );
  });

  it('HTML-escapes values in html mode: a buyer named <script> stays text', () => {
    const values: TokenValues = {
      'customer-first-name': '<script>alert("hi")</script>',
      'shop-name': 'Tom & Jerry',
    };
    expect(
      fillTokens('<p>Hi [customer-first-name] from [shop-name]</p>', values, { escape: 'html' }),
    ).toBe('<p>Hi &lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; from Tom &amp; Jerry</p>');
    expect(fillTokens('Hi [customer-first-name]', values, { escape: 'none' })).toBe(
      'Hi <script>alert("hi")</script>',
    );
  });

  it('escapes quotes so a value cannot leave an attribute', () => {
    const values: TokenValues = { 'coupon-code': '" onmouseover="alert(1)' };
    expect(fillTokens('<a title="[coupon-code]">', values, { escape: 'html' })).toBe(
      '<a title="&quot; onmouseover=&quot;alert(1)">',
    );
  });

  it('turns a missing or empty value into an empty string', () => {
    expect(fillTokens('Hi [customer-first-name]!', {}, { escape: 'html' })).toBe('Hi !');
    expect(
      fillTokens('Hi [customer-first-name]!', { 'customer-first-name': '' }, { escape: 'html' }),
    ).toBe('Hi !');
  });

  it('uses the [name|fallback] text only when the value is missing', () => {
    expect(fillTokens('Hi [customer-first-name|there],', {}, { escape: 'html' })).toBe('Hi there,');
    expect(
      fillTokens(
        'Hi [customer-first-name|there],',
        { 'customer-first-name': 'Alex' },
        { escape: 'html' },
      ),
    ).toBe('Hi Alex,');
    expect(fillTokens('[shop-name|our shop &amp; studio]', {}, { escape: 'html' })).toBe(
      'our shop &amp; studio',
    );
  });

  it('fills in one pass: a value that looks like a token stays literal', () => {
    const values: TokenValues = { 'customer-first-name': '[coupon-code]', 'coupon-code': 'SECRET' };
    expect(fillTokens('[customer-first-name]', values, { escape: 'none' })).toBe('[coupon-code]');
  });

  it('leaves unknown bracketed words untouched', () => {
    expect(
      fillTokens('[first-name] [sic] [Shop-Name]', sampleTokenValues, { escape: 'html' }),
    ).toBe('[first-name] [sic] [Shop-Name]');
  });

  it('only accepts web addresses for link tokens', () => {
    const html = '<a href="[shop-url]">x</a><a href="[tracking-link|#]">y</a>';
    expect(
      fillTokens(
        html,
        { 'shop-url': 'javascript:alert(1)', 'tracking-link': 'data:text/html,x' },
        { escape: 'html' },
      ),
    ).toBe('<a>x</a><a href="#">y</a>');
    expect(
      fillTokens('[shop-url]', { 'shop-url': 'https://shop.test/a?b=1&c=2' }, { escape: 'html' }),
    ).toBe('https://shop.test/a?b=1&amp;c=2');
  });
});

describe('[welcome-back] and [order-count]', () => {
  const returning: TokenValues = { 'order-count': '2', 'welcome-back': 'Welcome back!' };
  const firstOrder: TokenValues = { 'order-count': '1' };

  it('welcome a returning buyer back, in the seller’s own words when they wrote some', () => {
    expect(fillTokens('[welcome-back] Order [order-count].', returning, { escape: 'none' })).toBe(
      'Welcome back! Order 2.',
    );
    expect(
      fillTokens('<p>[welcome-back|So good to see you again, friend & neighbour!]</p>', returning, {
        escape: 'html',
      }),
    ).toBe('<p>So good to see you again, friend & neighbour!</p>');
    // A bar with nothing after it leaves the usual line.
    expect(fillTokens('[welcome-back| ]', returning, { escape: 'none' })).toBe('Welcome back!');
  });

  it('say nothing to a first-time buyer, whatever words follow the bar', () => {
    expect(fillTokens('[welcome-back]', firstOrder, { escape: 'none' })).toBe('');
    expect(
      fillTokens('[welcome-back|So good to see you again!]', firstOrder, { escape: 'html' }),
    ).toBe('');
    expect(fillTokens('Order [order-count]', firstOrder, { escape: 'none' })).toBe('Order 1');
  });

  it('read as a value or its words through tokenText, as the editor shows them', () => {
    expect(tokenText('welcome-back', 'Hello again', returning)).toBe('Hello again');
    expect(tokenText('welcome-back', 'Hello again', firstOrder)).toBe('');
    expect(tokenText('welcome-back', undefined, returning)).toBe('Welcome back!');
    expect(tokenText('order-count', '1', {})).toBe('1');
    expect(tokenText('coupon-code', 'SPRING', {})).toBe('SPRING');
  });
});

describe('findUnknownTokens', () => {
  it('reports bracketed words that are not tokens, once each, in order', () => {
    expect(
      findUnknownTokens(
        'Hi [first-name|friend], [first-name] your [coupon-code] for [Shop-Name] [order_total]',
      ),
    ).toEqual(['[first-name]', '[Shop-Name]', '[order_total]']);
  });

  it('reports nothing for known tokens, fallbacks or ordinary brackets', () => {
    expect(findUnknownTokens('[customer-first-name|there] [shop-url] [1] [ ] [a b]')).toEqual([]);
  });
});
