// A published template version as an email is made from it: what sending's DesignCache loads and
// checks once per version, and what the thank-you, the follow-ups and the by-hand message render.
import type { Design, TemplateLanguage } from '@thankly/email';

/** One published version of a template, its design checked and ready to render. */
export interface SendableTemplate {
  id: string;
  name: string;
  subject: string;
  preheader: string;
  language: TemplateLanguage;
  design: Design;
  /**
   * The published version this content is (template_versions), recorded on each email made from
   * it; null only for a template whose version row is gone (never, once migration 0029 ran).
   */
  version: { id: string; number: number } | null;
}
