import { describe, expect, test } from 'vitest';
import { readClickToken } from './tracking-tokens.ts';
import { withOpenPixel, withOriginalLinks, withTrackedLinks } from './tracked-html.ts';

const tracking = {
  appUrl: 'https://app.example.com',
  appSecret: 's'.repeat(64),
  orderEmailId: '0b9f6c1e-7d2a-4f3b-9a8e-1c2d3e4f5a6b',
};

const clickTarget = (href: string) =>
  readClickToken([tracking.appSecret], href.replace('https://app.example.com/api/t/c/', ''))?.url;

describe('tracked links', () => {
  const html =
    '<html><head><link href="https://fonts.googleapis.com/css2?family=Inter&amp;display=swap" rel="stylesheet"></head><body>' +
    '<v:roundrect href="https://shop.example.com/?a=1&amp;b=2" style="x">' +
    '<a href="https://shop.example.com/?a=1&amp;b=2" target="_blank">Shop</a>' +
    '<a href="mailto:hello@shop.example.com">Mail</a><a href="tel:+301234">Call</a>' +
    '<a href="HTTP://Upper.example.com/x">Upper</a><img src="https://cdn.example.com/logo.png">' +
    '</body></html>';
  const tracked = withTrackedLinks(html, tracking);
  const hrefs = [...tracked.matchAll(/<(?:a|v:roundrect)\b[^>]*\bhref="([^"]*)"/g)].map(
    (m) => m[1]!,
  );

  test('web links lead through the click endpoint to the original address, decoded', () => {
    expect(hrefs.filter((h) => h.startsWith('https://app.example.com/api/t/c/'))).toHaveLength(3);
    expect(clickTarget(hrefs[0]!)).toBe('https://shop.example.com/?a=1&b=2');
    expect(clickTarget(hrefs[1]!)).toBe('https://shop.example.com/?a=1&b=2');
    expect(clickTarget(hrefs[4]!)).toBe('HTTP://Upper.example.com/x');
  });

  test('read back to their destinations for the content check', () => {
    expect(withOriginalLinks(tracked, [tracking.appSecret])).toBe(html);
  });

  test('mailto:, tel:, stylesheets and images are left as they were', () => {
    expect(hrefs).toContain('mailto:hello@shop.example.com');
    expect(hrefs).toContain('tel:+301234');
    expect(tracked).toContain(
      '<link href="https://fonts.googleapis.com/css2?family=Inter&amp;display=swap"',
    );
    expect(tracked).toContain('<img src="https://cdn.example.com/logo.png">');
  });

  test('the open pixel is the last thing in the body, hidden from the layout', () => {
    const withPixel = withOpenPixel('<html><body><p>Hi</p></body></html>', tracking);
    expect(withPixel).toMatch(
      /<p>Hi<\/p><img src="https:\/\/app\.example\.com\/api\/t\/o\/[\w-]+\.[\w-]+\.gif" width="1" height="1" alt="" style="display:block;border:0"><\/body><\/html>$/,
    );
  });
});
