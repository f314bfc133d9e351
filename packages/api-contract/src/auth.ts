import { z } from 'zod';
import {
  NEW_PASSWORD_TOO_SHORT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  strongPasswordSchema,
} from './passwords.ts';
import { EMAIL_MAX_LENGTH } from './email-rules.ts';
import { planIdSchema } from './plans.ts';
import { DEFAULT_TIME_ZONE, signUpTimeZoneSchema } from './time-zones.ts';

export { EMAIL_MAX_LENGTH };

/** Trimmed, lower-cased address: one account per mailbox whatever the capitalisation. */
export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, 'Please enter a valid email.')
  .pipe(z.email('Please enter a valid email.'))
  .transform((email) => email.toLowerCase());

const fillAll = 'Please fill out all fields.';
const requiredText = (max: number) =>
  z.string(fillAll).trim().min(1, fillAll).max(max, `Please keep this under ${max} characters.`);

export const registerSchema = z.object({
  name: requiredText(100),
  email: z.string(fillAll).trim().min(1, fillAll).pipe(emailSchema),
  password: z
    .string(fillAll)
    .min(1, fillAll)
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, 'Password is too long.'),
  /** Any text: matched to a plan by prefix on the server ("Growth", "gro", "business"). */
  plan: z.string().max(40).optional(),
  /** The browser's own zone (Intl); missing or unknown becomes UTC rather than refusing sign-up. */
  timeZone: signUpTimeZoneSchema.optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH),
  password: z.string().max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  plan: planIdSchema,
  /** False until the seller followed the link mailed to `email`; nothing is sent before. */
  emailVerified: z.boolean(),
  /** The seller's IANA time zone: every time the app shows is on this clock. */
  timeZone: z.string().default(DEFAULT_TIME_ZONE),
});
export type User = z.infer<typeof userSchema>;

export const updateEmailSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Please confirm with your password.').max(PASSWORD_MAX_LENGTH),
});

export const updatePasswordSchema = z.object({
  currentPassword: z
    .string()
    .min(1, 'Please enter your current password.')
    .max(PASSWORD_MAX_LENGTH),
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, NEW_PASSWORD_TOO_SHORT)
    .max(PASSWORD_MAX_LENGTH, 'Password is too long.'),
});

export const forgotPasswordSchema = z.object({ email: z.string().trim().max(EMAIL_MAX_LENGTH) });

/** A reset token is 32 random bytes written as 64 hexadecimal characters. */
export const resetTokenSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{64}$/i, 'Invalid or expired reset token');

export const resetPasswordSchema = z.object({
  token: resetTokenSchema,
  password: strongPasswordSchema,
});

export const INVALID_EMAIL_LINK = 'This link is invalid or has expired.';

/** Links that prove an address (verify, email change) carry a 64-hex token like reset links. */
export const emailLinkSchema = z.object({
  token: z
    .string(INVALID_EMAIL_LINK)
    .trim()
    .regex(/^[0-9a-f]{64}$/i, INVALID_EMAIL_LINK)
    .transform((token) => token.toLowerCase()),
});
