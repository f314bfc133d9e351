import { useState } from 'react';

/**
 * Text the seller is typing into a field whose committed value lives elsewhere: kept as typed until
 * the committed value changes from outside (undo, reset, another block), which replaces it.
 */
export function useDraft(committed: string): [string, (draft: string) => void, () => void] {
  const [state, setState] = useState({ committed, draft: committed });
  if (state.committed !== committed) setState({ committed, draft: committed });
  const current = state.committed !== committed ? committed : state.draft;
  return [
    current,
    (draft) => setState((s) => ({ ...s, draft })),
    () => setState((s) => ({ ...s, draft: s.committed })),
  ];
}
