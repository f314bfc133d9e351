// Copy with a way out: a browser may refuse the clipboard (a page not served securely, a denied
// permission), and then the text is selected on screen for the seller to copy by hand.
import { useState } from 'react';

export type CopyStatus = 'idle' | 'copied' | 'refused';

/** `selectByHand` selects the text on screen; it runs only when the clipboard refused. */
export function useCopyToClipboard(selectByHand: () => void) {
  const [status, setStatus] = useState<CopyStatus>('idle');

  async function copy(text: string) {
    try {
      // navigator.clipboard is missing on pages that are not served securely.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      setStatus('copied');
    } catch {
      selectByHand();
      setStatus('refused');
    }
  }

  return { status, copy };
}

/** Selects everything inside `element` (text that is not in a form field). */
export function selectContents(element: HTMLElement | null): void {
  if (!element) return;
  const selection = window.getSelection();
  selection?.selectAllChildren(element);
}
