import { describe, expect, it } from 'vitest';
import { renderOneBlock, textOfOneBlock } from '../../testing/render-one-block.ts';
import { imageBlock } from './image-block.ts';

const src = 'https://cdn.shop.test/logo.png';

describe('image block', () => {
  it('defaults to an empty, centred image that renders nothing until a source is set', () => {
    expect(imageBlock.createDefault('i')).toMatchObject({
      src: '',
      alt: '',
      href: '',
      width: 'auto',
      align: 'center',
    });
    expect(renderOneBlock({ id: 'i', type: 'image' })).toBe('');
    expect(textOfOneBlock({ id: 'i', type: 'image', alt: 'Logo' })).toBe('');
  });

  it('renders alt text and a click-through link', () => {
    expect(
      renderOneBlock({
        id: 'i',
        type: 'image',
        src,
        alt: 'Juniper & Clay',
        href: 'https://shop.test',
        width: 120,
      }),
    ).toMatchInlineSnapshot(
      `"<tr><td align="center" style="padding:16px;text-align:center"><a href="https://shop.test" target="_blank" rel="noopener noreferrer" style="text-decoration:none"><img src="https://cdn.shop.test/logo.png" alt="Juniper &amp; Clay" width="120" style="display:block;margin:0 auto;border:0;outline:none;text-decoration:none;height:auto;vertical-align:middle;width:100%;max-width:120px"></a></td></tr>"`,
    );
    expect(
      textOfOneBlock({ id: 'i', type: 'image', src, alt: 'Our shop', href: 'https://shop.test' }),
    ).toBe('Our shop: https://shop.test');
  });

  it('gives Outlook a px width that never exceeds the block', () => {
    expect(renderOneBlock({ id: 'i', type: 'image', src, width: 'full' })).toContain('width="568"');
    expect(renderOneBlock({ id: 'i', type: 'image', src, width: 900 })).toContain('width="568"');
    expect(renderOneBlock({ id: 'i', type: 'image', src, width: 'auto' })).toContain(
      'max-width:100%',
    );
    expect(renderOneBlock({ id: 'i', type: 'image', src, height: 80 })).toContain('height="80"');
  });

  it('tells Outlook the width of an auto image: its natural size, never beyond the block', () => {
    const small = renderOneBlock({
      id: 'i',
      type: 'image',
      src,
      naturalWidth: 240,
      naturalHeight: 80,
    });
    expect(small).toContain(
      'width="240" style="display:block;margin:0 auto;border:0;outline:none;text-decoration:none;height:auto;vertical-align:middle;width:100%;max-width:240px"',
    );
    // 600px canvas minus 2 x 16px padding.
    const wide = renderOneBlock({
      id: 'i',
      type: 'image',
      src,
      naturalWidth: 3000,
      naturalHeight: 2000,
    });
    expect(wide).toContain('width="568"');
    expect(wide).toContain('max-width:568px');
    expect(wide).not.toContain('3000');
  });

  it('never gives an auto image inside a column more width than the column has', () => {
    const html = renderOneBlock({
      id: 'cols',
      type: 'columns',
      columns: [
        {
          id: 'a',
          widthPct: 30,
          items: [{ id: 'i', type: 'image', src, naturalWidth: 1600, naturalHeight: 900 }],
        },
        {
          id: 'b',
          widthPct: 70,
          items: [{ id: 'j', type: 'image', src, naturalWidth: 90, naturalHeight: 90 }],
        },
      ],
    });
    const columnPx = [...html.matchAll(/<td width="(\d+)" valign="top"/g)].map((m) => Number(m[1]));
    const imagePx = [...html.matchAll(/<img [^>]*width="(\d+)"/g)].map((m) => Number(m[1]));
    expect(columnPx).toHaveLength(2);
    expect(imagePx).toHaveLength(2);
    // Each column loses its 6px gutters and the image block its 16px padding.
    expect(imagePx[0]).toBe(columnPx[0]! - 12 - 32);
    expect(imagePx[1]).toBe(90);
    expect(imagePx[0]).toBeLessThanOrEqual(columnPx[0]!);
  });

  it('renders an auto image without a measured size as before (no width attribute)', () => {
    const html = renderOneBlock({ id: 'i', type: 'image', src });
    expect(html).not.toMatch(/<img [^>]*width="/);
    expect(html).toContain('max-width:100%');
  });

  it('accepts only a plausible measured size', () => {
    for (const naturalWidth of [0, -5, 1.5, 1e9, '300', Number.NaN]) {
      expect(() =>
        renderOneBlock({ id: 'i', type: 'image', src, naturalWidth } as never),
      ).toThrow();
    }
    expect(imageBlock.createDefault('i')).toMatchObject({
      naturalWidth: null,
      naturalHeight: null,
    });
  });

  it('drops unsafe sources and links', () => {
    expect(renderOneBlock({ id: 'i', type: 'image', src: 'javascript:alert(1)' })).toBe('');
    expect(
      renderOneBlock({ id: 'i', type: 'image', src: 'data:image/svg+xml;base64,PHN2Zz4=' }),
    ).toBe('');
    const html = renderOneBlock({ id: 'i', type: 'image', src, href: 'javascript:alert(1)' });
    expect(html).not.toContain('<a ');
    expect(html).not.toContain('javascript:');
  });

  it('keeps token URLs for filling at send time', () => {
    expect(renderOneBlock({ id: 'i', type: 'image', src, href: '[shop-url]' })).toContain(
      'href="[shop-url]"',
    );
  });
});
