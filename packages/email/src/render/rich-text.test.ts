import { describe, expect, it } from 'vitest';
import { inlineRichTextStyles, richTextHtml } from './rich-text.ts';

describe('inlineRichTextStyles', () => {
  it('sets paragraph margins inline: none on the first, 1em between consecutive paragraphs', () => {
    expect(inlineRichTextStyles('<p>One</p><p>Two</p><p>Three</p>', '#333')).toBe(
      '<p style="margin:0">One</p><p style="margin:1em 0 0">Two</p><p style="margin:1em 0 0">Three</p>',
    );
  });

  it('counts paragraphs as consecutive only when nothing but whitespace sits between them', () => {
    expect(inlineRichTextStyles('<p>A</p>\n<p>B</p><ul><li>x</li></ul><p>C</p>', '#333')).toBe(
      '<p style="margin:0">A</p>\n<p style="margin:1em 0 0">B</p>' +
        '<ul style="margin-top:0;margin-bottom:0"><li>x</li></ul><p style="margin:0">C</p>',
    );
  });

  it("keeps the seller's own style after ours, so it still wins", () => {
    expect(inlineRichTextStyles('<p style="text-align:center;margin:8px">Hi</p>', '#333')).toBe(
      '<p style="margin:0;text-align:center;margin:8px">Hi</p>',
    );
  });

  it('gives a link without its own colour the text colour, underlined', () => {
    expect(
      inlineRichTextStyles(
        '<p>See <a href="https://shop.test" target="_blank">us</a></p>',
        '#1f2937',
      ),
    ).toBe(
      '<p style="margin:0">See <a href="https://shop.test" target="_blank" style="color:#1f2937;text-decoration:underline">us</a></p>',
    );
  });

  it('leaves a link its own colour (background colour is not a colour of its own)', () => {
    expect(
      inlineRichTextStyles('<a href="https://a.test" style="color:#ff0000">x</a>', '#111'),
    ).toBe('<a href="https://a.test" style="text-decoration:underline;color:#ff0000">x</a>');
    expect(
      inlineRichTextStyles('<a href="https://a.test" style="background-color:#eee">x</a>', '#111'),
    ).toBe(
      '<a href="https://a.test" style="color:#111;text-decoration:underline;background-color:#eee">x</a>',
    );
  });

  it('does not treat a replacement pattern in a style as special', () => {
    expect(inlineRichTextStyles('<p style="font-family:$&amp;">x</p>', '#111')).toBe(
      '<p style="margin:0;font-family:$&amp;">x</p>',
    );
  });
});

describe('richTextHtml', () => {
  it('escapes plain content and styles rich html', () => {
    expect(richTextHtml({ html: '', content: '<b>hi</b>' }, '#111')).toBe('&lt;b&gt;hi&lt;/b&gt;');
    expect(richTextHtml({ html: '<p>hi</p>', content: 'hi' }, '#111')).toBe(
      '<p style="margin:0">hi</p>',
    );
  });
});
