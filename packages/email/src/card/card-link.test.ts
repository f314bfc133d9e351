import { describe, expect, it } from 'vitest';
import { scannableLink, shortUrl } from './card-link.ts';

describe('shortUrl', () => {
  it.each([
    ['https://www.juniper.example/', 'juniper.example'],
    ['http://juniper.example/shop/', 'juniper.example/shop'],
    ['https://juniper.example/shop?ref=card', 'juniper.example/shop?ref=card'],
    ['mailto:hello@juniper.example?subject=Hi', 'hello@juniper.example'],
    ['HTTPS://WWW.Juniper.example', 'Juniper.example'],
  ])('prints %s as %s', (url, short) => {
    expect(shortUrl(url)).toBe(short);
  });

  it('cuts an address past 40 characters with an ellipsis', () => {
    const short = shortUrl('https://juniper.example/collections/hand-thrown-mugs/spring');
    expect(short).toBe('juniper.example/collections/hand-thrown…');
    expect([...short]).toHaveLength(40);
  });
});

describe('scannableLink', () => {
  it('fills the order values in', () => {
    expect(scannableLink('[tracking-link]', { 'tracking-link': 'https://t.example/1' })).toBe(
      'https://t.example/1',
    );
    expect(scannableLink('  mailto:hi@shop.example ', {})).toBe('mailto:hi@shop.example');
  });

  it('has nothing to scan for an empty, inert or unsafe link', () => {
    expect(scannableLink('', {})).toBeNull();
    expect(scannableLink('[tracking-link]', {})).toBeNull();
    expect(scannableLink('#', {})).toBeNull();
    expect(scannableLink('tel:+301234567', {})).toBeNull();
    expect(scannableLink('javascript:alert(1)', {})).toBeNull();
    expect(scannableLink('[shop-url|javascript:alert(1)]', {})).toBeNull();
    expect(scannableLink('https://', {})).toBeNull();
    expect(scannableLink(`https://x.example/${'a'.repeat(3000)}`, {})).toBeNull();
  });
});
