/** The contact form's message limit, shown as the 'length/1000' counter. Schema-free. */
export const CONTACT_MESSAGE_MAX = 1000;
export const CONTACT_NAME_MAX = 100;

/**
 * What the contact form says about each field: contactSchema's messages, kept here without the
 * schema library so the public site's form shows the same words without loading it.
 */
export const CONTACT_MESSAGES = {
  nameMissing: 'Please add your name.',
  nameTooLong: `Please keep your name under ${CONTACT_NAME_MAX} characters.`,
  emailMissing: 'An email is required.',
  emailInvalid: 'Please enter a valid email.',
  messageMissing: 'A short message helps us respond faster.',
  messageTooLong: `Please keep your message under ${CONTACT_MESSAGE_MAX} characters.`,
} as const;
