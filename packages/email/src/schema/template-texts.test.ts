import { describe, expect, it } from 'vitest';
import { renderEmail } from '../render/render-email.ts';
import { createDefaultTemplate } from '../template/default-template.ts';
import {
  POSTAL_ADDRESS_MAX_LENGTH,
  PREHEADER_MAX_LENGTH,
  postalAddressSchema,
  preheaderSchema,
} from './template-texts.ts';

const { design } = createDefaultTemplate();
const HIDDEN =
  '<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all">';

describe('preheader', () => {
  it('is the first thing in the body, hidden from view, followed by filler', () => {
    const { html, text } = renderEmail(design, { preheader: 'Your 20% code is inside' });
    expect(html).toContain(
      `<body style="margin:0;padding:0;word-spacing:normal;background-color:#ffffff">${HIDDEN}Your 20% code is inside&#847;&zwnj;&nbsp;`,
    );
    // The text part is the email itself: the preview line is for the inbox list only.
    expect(text).not.toContain('Your 20% code');
  });

  it('is escaped, and kept on one line without control or direction characters', () => {
    const { html } = renderEmail(design, {
      preheader: '</div><script>alert(1)</script>\r\nBcc: x@y.test \u202e',
    });
    expect(html).toContain(
      `${HIDDEN}&lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt; Bcc: x@y.test&#847;`,
    );
    expect(html).not.toContain('<script>');
  });

  it('leaves an email without one exactly as before', () => {
    expect(renderEmail(design, { preheader: '' }).html).toBe(renderEmail(design).html);
    expect(renderEmail(design, { preheader: '  \n ' }).html).not.toContain('mso-hide:all');
  });

  it('is validated by one schema: normalised, with a length limit', () => {
    expect(preheaderSchema.parse('  Thanks,\n\t[customer-first-name]!  ')).toBe(
      'Thanks, [customer-first-name]!',
    );
    expect(preheaderSchema.safeParse('x'.repeat(PREHEADER_MAX_LENGTH)).success).toBe(true);
    expect(preheaderSchema.safeParse('x'.repeat(PREHEADER_MAX_LENGTH + 1)).success).toBe(false);
    expect(preheaderSchema.safeParse(42).success).toBe(false);
  });
});

describe('postal address', () => {
  it('keeps its lines, cleaned, within a length and line limit', () => {
    expect(postalAddressSchema.parse(' 12 Long St \r\n\r\n Springfield\u0000 IL ')).toBe(
      '12 Long St\nSpringfield IL',
    );
    expect(postalAddressSchema.parse('')).toBe('');
    expect(postalAddressSchema.safeParse('x'.repeat(POSTAL_ADDRESS_MAX_LENGTH + 1)).success).toBe(
      false,
    );
    expect(postalAddressSchema.safeParse('a\nb\nc\nd\ne\nf').success).toBe(false);
    expect(postalAddressSchema.safeParse({}).success).toBe(false);
  });
});
