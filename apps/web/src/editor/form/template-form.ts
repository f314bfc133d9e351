// The template's own fields (outside the design) and the rules of spec section 5 for saving them.
import { TEMPLATE_MESSAGES, type SendConditions } from '@thankly/api-contract';
import {
  DEFAULT_TEMPLATE_LANGUAGE,
  findUnknownTokens,
  preheaderSchema,
  renderEmail,
  type Design,
  type TemplateLanguage,
} from '@thankly/email';

export interface TemplateFields {
  name: string;
  subject: string;
  /** The inbox preview line after the subject. */
  preheader: string;
  language: TemplateLanguage;
  sendConditions: { enabled: boolean; startDate: string; endDate: string };
}

export const EMPTY_CONDITIONS: TemplateFields['sendConditions'] = {
  enabled: false,
  startDate: '',
  endDate: '',
};

/** What a template without these fields (a new one, or one saved before they existed) has. */
export const DEFAULT_EMAIL_SETTINGS: Pick<TemplateFields, 'preheader' | 'language'> = {
  preheader: '',
  language: DEFAULT_TEMPLATE_LANGUAGE,
};

export function conditionsFromServer(
  conditions: SendConditions | undefined,
): TemplateFields['sendConditions'] {
  return {
    enabled: conditions?.enabled ?? false,
    startDate: conditions?.startDate ?? '',
    endDate: conditions?.endDate ?? '',
  };
}

export type FieldError = {
  field: 'name' | 'preheader' | 'startDate' | 'endDate';
  message: string;
};

/** The first rule a save breaks, with the field to point at; null when it may be sent. */
export function validateTemplate(
  fields: TemplateFields,
  { conditionalAvailable }: { conditionalAvailable: boolean },
): FieldError | null {
  if (!fields.name.trim()) return { field: 'name', message: TEMPLATE_MESSAGES.nameRequired };
  // The server's own rule, so the seller hears it here rather than after a failed save.
  const preheader = preheaderSchema.safeParse(fields.preheader);
  if (!preheader.success) {
    return { field: 'preheader', message: preheader.error.issues[0]?.message ?? '' };
  }
  const { enabled, startDate, endDate } = fields.sendConditions;
  if (conditionalAvailable && enabled) {
    if (!startDate || !endDate) {
      return { field: startDate ? 'endDate' : 'startDate', message: TEMPLATE_MESSAGES.bothDates };
    }
    // YYYY-MM-DD strings compare in date order.
    if (endDate < startDate) return { field: 'endDate', message: TEMPLATE_MESSAGES.endBeforeStart };
  }
  return null;
}

export interface TemplatePayload {
  name: string;
  subject: string;
  preheader: string;
  language: TemplateLanguage;
  html: string;
  design: Design;
  sendConditions?: { enabled: boolean; startDate: string | null; endDate: string | null };
}

/**
 * The body of POST/PUT /templates. The html is the same renderEmail output the preview shows;
 * sendConditions is left out when the plan has no conditional sending.
 */
export function buildPayload(
  fields: TemplateFields,
  design: Design,
  { conditionalAvailable }: { conditionalAvailable: boolean },
): TemplatePayload {
  const name = fields.name.trim();
  const preheader = fields.preheader.trim();
  const payload: TemplatePayload = {
    name,
    subject: fields.subject.trim(),
    preheader,
    language: fields.language,
    html: renderEmail(design, {
      title: fields.subject.trim() || name,
      preheader,
      language: fields.language,
    }).html,
    design,
  };
  if (conditionalAvailable) {
    const { enabled, startDate, endDate } = fields.sendConditions;
    payload.sendConditions = { enabled, startDate: startDate || null, endDate: endDate || null };
  }
  return payload;
}

/** Bracketed words in the subject or any text of the design that are not known tokens. */
export function unknownTokensIn(subject: string, design: Design, preheader = ''): string[] {
  return findUnknownTokens(`${subject}\n${preheader}\n${JSON.stringify(design)}`);
}
