import { ApiError } from '../lib/api.ts';

export const FILL_ALL_FIELDS = 'Please fill out all fields.';

export type RegistrationField = 'name' | 'email' | 'password';

/** A missing field is said once, above the form (spec: 'Please fill out all fields.'). */
export function fieldMessage(message: string | undefined): string | null {
  return message && message !== FILL_ALL_FIELDS ? message : null;
}

export function registrationErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage
    ? `Error: ${error.serverMessage}`
    : 'Registration failed';
}
