import { describe, expect, it } from 'vitest';
import { hasFormatting, htmlToPlainText, plainTextToHtml } from './plain-text.ts';

describe('plain text <-> block html', () => {
  it('reads paragraphs and line breaks from html', () => {
    expect(
      htmlToPlainText(
        '<p>Hi [customer-first-name|there],</p><p>Thanks <strong>so</strong> much!<br>See you</p>',
      ),
    ).toBe('Hi [customer-first-name|there],\n\nThanks so much!\nSee you');
  });

  it('writes escaped paragraphs back', () => {
    expect(plainTextToHtml('A & <b>\n\nSecond\nline')).toBe(
      '<p>A &amp; &lt;b&gt;</p><p>Second<br>line</p>',
    );
    expect(htmlToPlainText(plainTextToHtml('One\n\nTwo'))).toBe('One\n\nTwo');
  });

  it('knows when html holds formatting', () => {
    expect(hasFormatting('<p>plain</p>')).toBe(false);
    expect(hasFormatting('<p><strong>20%</strong></p>')).toBe(true);
  });
});
