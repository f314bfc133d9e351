import { describe, expect, it } from 'vitest';
import { fitsInQrCode, MAX_QR_CODE_BYTES, qrCodeSvg } from './qr-code.ts';
import { decodeQrSvg } from './testing/decode-qr.ts';

describe('qrCodeSvg', () => {
  it.each([
    'https://example.com/shop',
    'https://shop.example/track/1048213?utm_source=card&ref=Ä',
    'mailto:hello@juniper.example',
    `https://example.com/${'long-path/'.repeat(40)}`,
  ])('draws a code a scanner reads back as %s', async (text) => {
    expect(await decodeQrSvg(qrCodeSvg(text, 'QR code'))).toBe(text);
  });

  it('is what the decoder reads, not anything it is given', async () => {
    const blank = qrCodeSvg('https://example.com/shop', 'QR').replace(/ d="[^"]*"/, ' d=""');
    expect(await decodeQrSvg(blank)).toBeNull();
  });

  it('is one path of dark modules on a light square, sized by the page', () => {
    const svg = qrCodeSvg('https://example.com/shop', 'QR code: example.com/shop');
    // Version 2 at level M is 25 modules, plus a 4-module quiet zone on each side.
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 33 33" width="100%" height="100%"/);
    expect(svg).toContain('shape-rendering="crispEdges"');
    expect(svg).toContain('role="img" aria-label="QR code: example.com/shop"');
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(svg).toContain('<rect width="33" height="33" fill="#ffffff"/>');
  });

  it('escapes its label', () => {
    expect(qrCodeSvg('https://x.example', 'a "b" <c>')).toContain(
      'aria-label="a &quot;b&quot; &lt;c&gt;"',
    );
  });

  it('tells which texts fit in a code', () => {
    expect(fitsInQrCode('')).toBe(false);
    expect(fitsInQrCode('x'.repeat(MAX_QR_CODE_BYTES))).toBe(true);
    expect(() => qrCodeSvg('x'.repeat(MAX_QR_CODE_BYTES), 'QR')).not.toThrow();
    expect(fitsInQrCode('x'.repeat(MAX_QR_CODE_BYTES + 1))).toBe(false);
    // Bytes, not characters: ä is two in UTF-8.
    expect(fitsInQrCode('ä'.repeat(MAX_QR_CODE_BYTES / 2 + 1))).toBe(false);
  });
});
