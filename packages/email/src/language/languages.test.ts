import { describe, expect, it } from 'vitest';
import { renderEmail } from '../render/render-email.ts';
import { createDefaultTemplate } from '../template/default-template.ts';
import { TEMPLATE_LANGUAGES, languageDirection, templateLanguageSchema } from './languages.ts';

const { design } = createDefaultTemplate();
const htmlTag = (html: string) => /<html [^>]*>/.exec(html)?.[0] ?? '';

describe('template languages', () => {
  it('set the lang and dir of the email', () => {
    expect(htmlTag(renderEmail(design, { language: 'el' }).html)).toContain(
      '<html lang="el" dir="ltr"',
    );
    expect(htmlTag(renderEmail(design, { language: 'ar' }).html)).toContain(
      '<html lang="ar" dir="rtl"',
    );
    expect(htmlTag(renderEmail(design, { language: 'he' }).html)).toContain(
      '<html lang="he" dir="rtl"',
    );
  });

  it('leave an email without a language exactly as English emails always were', () => {
    const plain = renderEmail(design).html;
    expect(htmlTag(plain)).toContain('<html lang="en" dir="ltr"');
    expect(renderEmail(design, { language: 'en' }).html).toBe(plain);
  });

  it('read an unknown language from a hand-built call as English, never as markup', () => {
    const html = renderEmail(design, { language: '"><script>' as never }).html;
    expect(htmlTag(html)).toContain('<html lang="en" dir="ltr"');
    expect(html).not.toContain('<script>');
  });

  it('offer left-to-right and right-to-left languages, validated by one schema', () => {
    expect(TEMPLATE_LANGUAGES.map((l) => l.code)).toEqual([
      'en',
      'de',
      'fr',
      'es',
      'it',
      'el',
      'ar',
      'he',
    ]);
    expect(languageDirection('de')).toBe('ltr');
    expect(languageDirection('he')).toBe('rtl');
    expect(templateLanguageSchema.safeParse('fr').success).toBe(true);
    for (const bad of ['EN', 'en-US', 'xx', '', 1, null]) {
      expect(templateLanguageSchema.safeParse(bad).success).toBe(false);
    }
  });
});
