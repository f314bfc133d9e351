import { describe, expect, it } from 'vitest';
import { renderOneBlock, textOfOneBlock } from '../../testing/render-one-block.ts';
import { BUTTON_SIZES, buttonBlock, buttonRadius } from './button-block.ts';

describe('button block', () => {
  it('defaults to "Click me" in #4f46e5, linking to the shop', () => {
    expect(buttonBlock.createDefault('b')).toMatchObject({
      text: 'Click me',
      url: '[shop-url]',
      buttonColor: '#4f46e5',
      textColor: '#ffffff',
      size: 'md',
      style: 'rounded',
      width: 'auto',
      align: 'center',
    });
  });

  it('is a padded, coloured table cell so Outlook still draws a button', () => {
    expect(renderOneBlock({ id: 'b', type: 'button' })).toMatchInlineSnapshot(
      `"<tr><td align="center" style="padding:16px;text-align:center"><table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 auto"><tr><td align="center" bgcolor="#4f46e5" style="background-color:#4f46e5;border-radius:12px;mso-padding-alt:12px 22px"><a href="[shop-url]" target="_blank" rel="noopener noreferrer" style="display:inline-block;padding:12px 22px;font-size:16px;line-height:1.25;font-family:Inter, Roboto, Helvetica, Arial, sans-serif;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:12px;text-align:center;word-break:break-word;mso-padding-alt:0">Click me</a></td></tr></table></td></tr>"`,
    );
  });

  it.each([
    ['xs', 12, '8px 14px'],
    ['sm', 14, '10px 18px'],
    ['md', 16, '12px 22px'],
    ['lg', 18, '14px 26px'],
  ] as const)(
    'size %s uses font %ipx and padding %s (spec section 9)',
    (size, fontSize, padding) => {
      const html = renderOneBlock({ id: 'b', type: 'button', size });
      expect(html).toContain(`padding:${padding};font-size:${fontSize}px;`);
      expect(html).toContain(`mso-padding-alt:${padding}`);
      expect(BUTTON_SIZES[size].fontSize).toBe(fontSize);
    },
  );

  it('rounds pill 9999px, rounded 12px and any other shape 4px', () => {
    expect(buttonRadius('pill')).toBe(9999);
    expect(buttonRadius('rounded')).toBe(12);
    expect(buttonRadius('rectangle')).toBe(4);
    expect(renderOneBlock({ id: 'b', type: 'button', style: 'pill' })).toContain(
      'border-radius:9999px',
    );
    expect(renderOneBlock({ id: 'b', type: 'button', style: 'square' })).toContain(
      'border-radius:4px',
    );
  });

  it('lets an explicit font size override the size preset and stretches when full width', () => {
    const html = renderOneBlock({ id: 'b', type: 'button', fontSize: 20, width: 'full' });
    expect(html).toContain('font-size:20px');
    expect(html).toContain('width="100%" style="width:100%"');
    expect(html).toContain('display:block;');
  });

  it('escapes the label and replaces an unsafe link with #', () => {
    const html = renderOneBlock({
      id: 'b',
      type: 'button',
      text: '<img src=x onerror=alert(1)>',
      url: 'javascript:alert(1)',
    });
    expect(html).toContain('href="#"');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('javascript:');
  });

  it('appears in plain text as label and link', () => {
    expect(
      textOfOneBlock({ id: 'b', type: 'button', text: 'Shop again', url: 'https://shop.test' }),
    ).toBe('Shop again: https://shop.test');
  });
});
