import { describe, expect, it } from 'vitest';
import { isShortenedUrl } from './url-shorteners.ts';

describe('isShortenedUrl', () => {
  it.each([
    'https://bit.ly/3abc',
    'http://tinyurl.com/y2k',
    'https://t.co/xyz',
    'https://WWW.Bit.Ly/abc',
    'https://go.rebrand.ly/sale',
    'https://bit.ly./abc',
    'https://lnkd.in/e',
  ])('finds %s', (url) => {
    expect(isShortenedUrl(url)).toBe(true);
  });

  it.each([
    'https://juniper-and-clay.example/shop',
    // A host that merely ends with a shortener's name is someone else's.
    'https://notbit.ly/abc',
    'https://bit.ly.shop.example/abc',
    'https://shop.example/?next=https://bit.ly/abc',
    'mailto:hello@bit.ly',
    '[shop-url]',
    'not a url',
  ])('leaves %s alone', (url) => {
    expect(isShortenedUrl(url)).toBe(false);
  });
});
