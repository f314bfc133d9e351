/** The contact form's message limit, shown as the 'length/1000' counter. Schema-free. */
export const CONTACT_MESSAGE_MAX = 1000;
