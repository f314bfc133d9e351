// The two lines a buyer reads before opening: the subject and the preview line beside it.
import type { EditorCheckItem } from './check-items.ts';

export function fieldItems(fields: { subject: string; preheader: string }): EditorCheckItem[] {
  const items: EditorCheckItem[] = [];
  if (!fields.subject.trim()) {
    items.push({
      key: 'subject',
      rule: 'subject',
      level: 'fail',
      target: { kind: 'field', field: 'subject', name: 'Email Subject' },
      problem: 'There is no subject, so buyers would see the template’s name in its place.',
      fix: 'Write a subject, for example “Thank you for your order, [customer-first-name]!”.',
    });
  }
  if (!fields.preheader.trim()) {
    items.push({
      key: 'preheader',
      rule: 'preheader',
      level: 'warn',
      target: { kind: 'field', field: 'preheader', name: 'Preview text' },
      problem:
        'There is no preview line, so mail apps show whatever words come first in the email.',
      fix: 'Write a short line for Preview text that adds to the subject.',
    });
  }
  return items;
}
