/** Password rules as plain data, with no schema library (see plan-catalog.ts for why). */
export const PASSWORD_MIN_LENGTH = 8;

/** The four rules of the reset screen, in the order its live list shows them. */
export const PASSWORD_RULES = [
  { message: 'At least 8 characters.', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { message: 'One uppercase letter.', test: (p: string) => /\p{Lu}/u.test(p) },
  { message: 'One lowercase letter.', test: (p: string) => /\p{Ll}/u.test(p) },
  { message: 'One number.', test: (p: string) => /\d/.test(p) },
] as const;

/** The account page's change-password form says it before it asks the server. */
export const NEW_PASSWORD_TOO_SHORT = `New password must be at least ${PASSWORD_MIN_LENGTH} characters`;

/** Hashing cost grows with length; anything longer is not a password a person typed. */
export const PASSWORD_MAX_LENGTH = 200;
