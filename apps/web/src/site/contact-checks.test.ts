import { describe, expect, it } from 'vitest';
import { contactSchema } from '@thankly/api-contract';
import { checkContact, type ContactErrors, type ContactFields } from './contact-checks.ts';

/** What the React contact page showed: the schema's first message per field. */
function schemaAnswer(fields: ContactFields) {
  const result = contactSchema.safeParse(fields);
  if (result.success) return { data: result.data, errors: null };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues)
    errors[issue.path[0] as keyof ContactFields] ??= issue.message;
  return { data: null, errors };
}

const valid: ContactFields = { name: 'Elena', email: 'elena@example.com', message: 'Hello' };

const cases: Array<[string, Partial<ContactFields>]> = [
  ['a valid message', {}],
  [
    'padded fields, sent trimmed',
    { name: '  Elena ', email: ' elena@example.com ', message: ' Hi ' },
  ],
  ['everything empty', { name: '', email: '', message: '' }],
  ['only spaces', { name: '   ', email: '  ', message: '\n\t ' }],
  ['a name at the limit', { name: 'n'.repeat(100) }],
  ['a name past the limit', { name: 'n'.repeat(101) }],
  ['a half address', { email: 'elena@' }],
  ['no domain dot', { email: 'elena@example' }],
  ['two @', { email: 'el@na@example.com' }],
  ['a plus address', { email: 'elena+shop@example.co.uk' }],
  ['an address past 254 characters', { email: `${'a'.repeat(250)}@example.com` }],
  ['a message at the limit', { message: 'm'.repeat(1000) }],
  ['a message past the limit', { message: 'm'.repeat(1001) }],
  ['a message past the limit only with its spaces', { message: ` ${'m'.repeat(1000)} ` }],
];

describe('checkContact', () => {
  it.each(cases)('answers as contactSchema does: %s', (_label, change) => {
    const fields = { ...valid, ...change };
    expect(checkContact(fields)).toEqual(schemaAnswer(fields));
  });
});
