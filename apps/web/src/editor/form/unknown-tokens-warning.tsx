// Bracketed words that are not tokens: sent as written, so the seller is told before saving.
import { useDeferredValue, useMemo } from 'react';
import { selectDesign, useEditor } from '../store/use-editor.ts';
import { unknownTokensIn } from './template-form.ts';

export function UnknownTokensWarning({
  subject,
  preheader,
}: {
  subject: string;
  preheader: string;
}) {
  // Deferred: a 200-block design is searched after the keystroke has painted, not before.
  const design = useDeferredValue(useEditor(selectDesign));
  const unknown = useMemo(
    () => unknownTokensIn(subject, design, preheader),
    [subject, design, preheader],
  );
  if (unknown.length === 0) return null;
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      {unknown.length === 1 ? 'This is not a token we know' : 'These are not tokens we know'}:{' '}
      <strong>{unknown.join(', ')}</strong>. It will be sent as written; see Show tokens for the
      list.
    </p>
  );
}
