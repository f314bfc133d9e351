import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';

export type ContactFields = { name: string; email: string; message: string };

export const EMPTY_CONTACT: ContactFields = { name: '', email: '', message: '' };

/**
 * The shared schema (and the schema library with it) loads on first use, not with the page: the
 * contact page's first JavaScript stays small. Focusing the form starts the download early.
 */
export const loadContactSchema = () => import('@thankly/api-contract');

/**
 * The contact schema as the form's resolver: the first message per field, in the schema's words,
 * or the trimmed body to send.
 */
export const contactResolver: Resolver<ContactFields> = async (values, context, options) => {
  const { contactSchema } = await loadContactSchema();
  return zodResolver(contactSchema)(values, context, options);
};
