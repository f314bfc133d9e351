// The message in a read-only field with a Copy button. A browser may refuse the clipboard (an
// insecure page, a denied permission): then the text is selected for the seller to copy by hand.
import { useId, useRef } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '../components/ui/index.ts';
import { useCopyToClipboard } from '../lib/use-copy-to-clipboard.ts';

export const COPY_MESSAGES = {
  copied: 'Copied',
  refused:
    'Your browser did not let Thankly copy: the message is selected, press Ctrl+C (Cmd+C on a Mac) to copy it.',
} as const;

export function CopyableMessage({ text }: { text: string }) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const { status, copy } = useCopyToClipboard(() => {
    field.current?.focus();
    field.current?.select();
  });

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        Message
      </label>
      <textarea
        id={id}
        ref={field}
        readOnly
        value={text}
        rows={10}
        className="focus-ring block w-full resize-y rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-base text-slate-900 sm:text-sm"
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => copy(text)}>
          {status === 'copied' ? (
            <Check aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Copy aria-hidden="true" className="h-4 w-4" />
          )}
          Copy message
        </Button>
        <p role="status" className="text-sm text-slate-700">
          {status === 'idle' ? '' : COPY_MESSAGES[status]}
        </p>
      </div>
    </div>
  );
}
