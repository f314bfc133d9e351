import { regexes } from 'zod/v4/core';

/** The longest address SMTP carries (RFC 5321's path limit less its brackets). Schema-free. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * The pattern `z.email()` checks by default, as a plain RegExp: the public site's contact form
 * checks addresses with the very rule the server's schema applies, without loading the schemas.
 */
export const EMAIL_PATTERN: RegExp = regexes.email;
