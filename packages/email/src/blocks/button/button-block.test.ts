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

  it('is a padded, coloured table cell for every client but Outlook for Windows, which gets a VML shape', () => {
    expect(renderOneBlock({ id: 'b', type: 'button' })).toMatchInlineSnapshot(
      `"<tr><td align="center" style="padding:16px;text-align:center"><!--[if mso]><v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="[shop-url]" style="height:44px;v-text-anchor:middle;width:124px" arcsize="27%" stroke="f" fillcolor="#4f46e5"><w:anchorlock/><center style="color:#ffffff;font-family:Inter, Roboto, Helvetica, Arial, sans-serif;font-size:16px;font-weight:bold">Click me</center></v:roundrect><![endif]--><!--[if !mso]><!--><table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 auto"><tr><td align="center" bgcolor="#4f46e5" style="background-color:#4f46e5;border-radius:12px;mso-padding-alt:12px 22px"><a href="[shop-url]" target="_blank" rel="noopener noreferrer" style="display:inline-block;padding:12px 22px;font-size:16px;line-height:1.25;font-family:Inter, Roboto, Helvetica, Arial, sans-serif;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:12px;text-align:center;word-break:break-word;mso-padding-alt:0">Click me</a></td></tr></table><!--<![endif]--></td></tr>"`,
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

/** The markup only Outlook for Windows reads. */
function outlookPart(html: string): string {
  return /<!--\[if mso\]>(<v:roundrect[\s\S]*?)<!\[endif\]-->/.exec(html)?.[1] ?? '';
}

describe('button block in Outlook for Windows', () => {
  it('is a VML round rectangle linking all of it, with the table hidden from Outlook', () => {
    const html = renderOneBlock({
      id: 'b',
      type: 'button',
      text: 'Shop again',
      url: 'https://shop.test/again',
      size: 'md',
      style: 'rounded',
    });
    const vml = outlookPart(html);
    expect(vml).toContain('href="https://shop.test/again"');
    expect(vml).toContain('fillcolor="#4f46e5"');
    expect(vml).toContain('stroke="f"');
    // md: 16px text at line-height 1.25 plus 12px above and below.
    expect(vml).toContain('height:44px');
    // rounded is 12px: 12 / 44 of the shorter side.
    expect(vml).toContain('arcsize="27%"');
    expect(vml).toMatch(
      /<center style="color:#ffffff;[^"]*font-size:16px;font-weight:bold">Shop again<\/center>/,
    );
    // Every other client gets the table; Outlook never sees it.
    expect(html).toMatch(
      /<!--\[if !mso\]><!--><table[\s\S]*Shop again<\/a><\/td><\/tr><\/table><!--<!\[endif\]-->/,
    );
  });

  it('is fully round for a pill, and as wide as the block for a full-width button', () => {
    const vml = outlookPart(
      renderOneBlock({ id: 'b', type: 'button', text: 'Go', style: 'pill', width: 'full' }),
    );
    expect(vml).toContain('arcsize="50%"');
    // 600px canvas less the block's 16px padding on each side.
    expect(vml).toContain('width:568px');
  });

  it('estimates an auto width from the label, never wider than the block', () => {
    const short = outlookPart(renderOneBlock({ id: 'b', type: 'button', text: 'Go' }));
    const long = outlookPart(renderOneBlock({ id: 'b', type: 'button', text: 'x'.repeat(150) }));
    const widthOf = (vml: string) => Number(/width:(\d+)px/.exec(vml)?.[1]);
    expect(widthOf(short)).toBeGreaterThan(2 * 22);
    expect(widthOf(short)).toBeLessThan(100);
    expect(widthOf(long)).toBe(568);
  });

  it('keeps escaped labels escaped and counts an entity as one character', () => {
    const vml = outlookPart(renderOneBlock({ id: 'b', type: 'button', text: 'A & <B>' }));
    expect(vml).toContain('>A &amp; &lt;B&gt;</center>');
    expect(vml).not.toContain('<B>');
  });

  it('has no VML for colours VML cannot paint (rgba, alpha hex, none): Outlook keeps the table', () => {
    for (const buttonColor of ['rgba(79, 70, 229, 0.5)', '#4f46e580', '']) {
      const html = renderOneBlock({ id: 'b', type: 'button', text: 'Go', buttonColor });
      expect(html).not.toContain('v:roundrect');
      expect(html).not.toContain('[if !mso]');
    }
  });
});
