// The template's own fields (outside the design) and the rules of spec section 5 for saving them.
import { TEMPLATE_MESSAGES, type SendConditions } from '@thankly/api-contract';
import { findUnknownTokens, renderEmail, type Design } from '@thankly/email';

export interface TemplateFields {
  name: string;
  subject: string;
  sendConditions: { enabled: boolean; startDate: string; endDate: string };
}

export const EMPTY_CONDITIONS: TemplateFields['sendConditions'] = {
  enabled: false,
  startDate: '',
  endDate: '',
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

export type FieldError = { field: 'name' | 'startDate' | 'endDate'; message: string };

/** The first rule a save breaks, with the field to point at; null when it may be sent. */
export function validateTemplate(
  fields: TemplateFields,
  { conditionalAvailable }: { conditionalAvailable: boolean },
): FieldError | null {
  if (!fields.name.trim()) return { field: 'name', message: TEMPLATE_MESSAGES.nameRequired };
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
  const payload: TemplatePayload = {
    name,
    subject: fields.subject.trim(),
    html: renderEmail(design, { title: fields.subject.trim() || name }).html,
    design,
  };
  if (conditionalAvailable) {
    const { enabled, startDate, endDate } = fields.sendConditions;
    payload.sendConditions = { enabled, startDate: startDate || null, endDate: endDate || null };
  }
  return payload;
}

/** Bracketed words in the subject or any text of the design that are not known tokens. */
export function unknownTokensIn(subject: string, design: Design): string[] {
  return findUnknownTokens(`${subject}\n${JSON.stringify(design)}`);
}
