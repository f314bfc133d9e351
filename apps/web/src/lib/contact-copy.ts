/** The contact form's words, shared by the React page and the public site's contact script. */
export const CONTACT_SERVER_ERROR = 'Something went wrong. Please try again.';
export const CONTACT_NETWORK_ERROR = 'Network error. Please try again.';
export const CONTACT_SEND = 'Send message';
export const CONTACT_SENDING = 'Sending…';
export const CONTACT_THANKS = 'Thanks!';
export const CONTACT_THANKS_LEAD = 'Your message is on its way. We reply within 1–2 business days.';
export const CONTACT_SEND_ANOTHER = 'Send another message';
