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
