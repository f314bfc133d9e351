import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './auth.ts';
import { CONTACT_MESSAGE_MAX } from './contact-limits.ts';

export * from './contact-limits.ts';

export const contactSchema = z.object({
  name: z
    .string('Please add your name.')
    .trim()
    .min(1, 'Please add your name.')
    .max(100, 'Please keep your name under 100 characters.'),
  email: z
    .string('An email is required.')
    .trim()
    .min(1, 'An email is required.')
    .max(EMAIL_MAX_LENGTH, 'Please enter a valid email.')
    .pipe(z.email('Please enter a valid email.')),
  message: z
    .string('A short message helps us respond faster.')
    .trim()
    .min(1, 'A short message helps us respond faster.')
    .max(CONTACT_MESSAGE_MAX, `Please keep your message under ${CONTACT_MESSAGE_MAX} characters.`),
});
export type ContactInput = z.infer<typeof contactSchema>;
