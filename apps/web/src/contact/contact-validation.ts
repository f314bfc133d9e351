export type ContactFields = { name: string; email: string; message: string };
export type ContactErrors = Partial<Record<keyof ContactFields, string>>;

export const EMPTY_CONTACT: ContactFields = { name: '', email: '', message: '' };

/**
 * The shared schema (and the schema library with it) loads on first use, not with the page: the
 * contact page's first JavaScript stays small. Focusing the form starts the download early.
 */
export const loadContactSchema = () => import('@thankly/api-contract');

/** The trimmed body to send, or the first message per field in the schema's order. */
export async function validateContact(
  fields: ContactFields,
): Promise<{ data: ContactFields; errors: null } | { data: null; errors: ContactErrors }> {
  const { contactSchema } = await loadContactSchema();
  const result = contactSchema.safeParse(fields);
  if (result.success) return { data: result.data, errors: null };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof ContactFields;
    errors[key] ??= issue.message;
  }
  return { data: null, errors };
}
