import { z } from 'zod';
import { CONTACT_MESSAGES, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from './contact-limits.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email-rules.ts';

export * from './contact-limits.ts';

const m = CONTACT_MESSAGES;

export const contactSchema = z.object({
  name: z.string(m.nameMissing).trim().min(1, m.nameMissing).max(CONTACT_NAME_MAX, m.nameTooLong),
  email: z
    .string(m.emailMissing)
    .trim()
    .min(1, m.emailMissing)
    .max(EMAIL_MAX_LENGTH, m.emailInvalid)
    .pipe(z.email({ pattern: EMAIL_PATTERN, message: m.emailInvalid })),
  message: z
    .string(m.messageMissing)
    .trim()
    .min(1, m.messageMissing)
    .max(CONTACT_MESSAGE_MAX, m.messageTooLong),
});
export type ContactInput = z.infer<typeof contactSchema>;
