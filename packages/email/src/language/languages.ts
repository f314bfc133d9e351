// The languages a template can be written in. The language sets the email's `lang` and `dir` (screen
// readers pick a voice by it, right-to-left scripts lay out by it) and the words of the footer
// Thankly adds at send time; a new language is one entry here and one in FOOTER_TEXTS
// (unsubscribe-footer.ts).
import { z } from 'zod';

export const TEMPLATE_LANGUAGES = [
  { code: 'en', name: 'English', englishName: 'English', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', englishName: 'German', dir: 'ltr' },
  { code: 'fr', name: 'Français', englishName: 'French', dir: 'ltr' },
  { code: 'es', name: 'Español', englishName: 'Spanish', dir: 'ltr' },
  { code: 'it', name: 'Italiano', englishName: 'Italian', dir: 'ltr' },
  { code: 'el', name: 'Ελληνικά', englishName: 'Greek', dir: 'ltr' },
  { code: 'ar', name: 'العربية', englishName: 'Arabic', dir: 'rtl' },
  { code: 'he', name: 'עברית', englishName: 'Hebrew', dir: 'rtl' },
] as const;

export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number]['code'];
export type TextDirection = 'ltr' | 'rtl';

/** Templates saved before languages existed are English, as their emails always were. */
export const DEFAULT_TEMPLATE_LANGUAGE: TemplateLanguage = 'en';

const codes = TEMPLATE_LANGUAGES.map((l) => l.code) as [TemplateLanguage, ...TemplateLanguage[]];

export const templateLanguageSchema = z.enum(codes, {
  error: `Choose one of the offered languages (${codes.join(', ')}).`,
});

export function isTemplateLanguage(value: unknown): value is TemplateLanguage {
  return TEMPLATE_LANGUAGES.some((l) => l.code === value);
}

export function languageDirection(language: TemplateLanguage): TextDirection {
  return TEMPLATE_LANGUAGES.find((l) => l.code === language)?.dir ?? 'ltr';
}
