import type { Transaction } from '@tiptap/pm/state';

/** A change that only adds or removes marks (bold, a colour) is formatting, not typing. */
export function isFormattingOnly(tr: Transaction): boolean {
  return (
    tr.steps.length > 0 &&
    tr.steps.every((step) => /^(add|remove)Mark$/.test(String(step.toJSON().stepType)))
  );
}
