import {
  CONTACT_MESSAGES,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
} from '@thankly/api-contract/catalog';

export type ContactFields = { name: string; email: string; message: string };
export type ContactErrors = Partial<Record<keyof ContactFields, string>>;

const m = CONTACT_MESSAGES;

function firstProblem(
  value: string,
  missing: string,
  rules: ReadonlyArray<[broken: (v: string) => boolean, message: string]>,
): string | undefined {
  if (value === '') return missing;
  return rules.find(([broken]) => broken(value))?.[1];
}

/**
 * contactSchema's rules by hand, with its messages (the first per field), so the public contact
 * page checks a message without loading the schema library. The server still parses the body
 * with contactSchema; contact-checks.test.ts holds the two to the same answers.
 */
export function checkContact(
  fields: ContactFields,
): { data: ContactFields; errors: null } | { data: null; errors: ContactErrors } {
  const data = {
    name: fields.name.trim(),
    email: fields.email.trim(),
    message: fields.message.trim(),
  };
  const errors: ContactErrors = {
    name: firstProblem(data.name, m.nameMissing, [
      [(v) => v.length > CONTACT_NAME_MAX, m.nameTooLong],
    ]),
    email: firstProblem(data.email, m.emailMissing, [
      [(v) => v.length > EMAIL_MAX_LENGTH, m.emailInvalid],
      [(v) => !EMAIL_PATTERN.test(v), m.emailInvalid],
    ]),
    message: firstProblem(data.message, m.messageMissing, [
      [(v) => v.length > CONTACT_MESSAGE_MAX, m.messageTooLong],
    ]),
  };
  for (const key of Object.keys(errors) as Array<keyof ContactFields>)
    if (errors[key] === undefined) delete errors[key];
  return Object.keys(errors).length === 0 ? { data, errors: null } : { data: null, errors };
}
