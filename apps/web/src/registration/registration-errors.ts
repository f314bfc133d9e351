import { ApiError } from '../lib/api.ts';

export const FILL_ALL_FIELDS = 'Please fill out all fields.';

export type RegistrationField = 'name' | 'email' | 'password';
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

const FIELDS: readonly RegistrationField[] = ['name', 'email', 'password'];

/**
 * The server's own registration schema, loaded on first use so the page's first JavaScript stays
 * small: the first message per field, in the schema's words.
 */
export async function registrationErrors(
  input: Record<RegistrationField, string>,
): Promise<RegistrationErrors> {
  const { registerSchema } = await import('@thankly/api-contract');
  const result = registerSchema.safeParse(input);
  const errors: RegistrationErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = FIELDS.find((f) => f === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/** A missing field is said once, above the form (spec: 'Please fill out all fields.'). */
export function fieldMessage(message: string | undefined): string | null {
  return message && message !== FILL_ALL_FIELDS ? message : null;
}

export function registrationErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage
    ? `Error: ${error.serverMessage}`
    : 'Registration failed';
}
