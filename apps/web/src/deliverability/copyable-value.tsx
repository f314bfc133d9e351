// One value of a DNS record, shown in full so it can be checked by eye, with a Copy button: DNS
// hosts want it character for character, and a DKIM key is too long to retype.
import { useRef } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '../components/ui/index.ts';
import { selectContents, useCopyToClipboard } from '../lib/use-copy-to-clipboard.ts';

export const COPY_VALUE_MESSAGES = {
  copied: 'Copied',
  refused: 'Selected: press Ctrl+C (Cmd+C on a Mac) to copy.',
} as const;

/** `label` names what is copied for screen readers, e.g. "DKIM signature value". */
export function CopyableValue({ text, label }: { text: string; label: string }) {
  const value = useRef<HTMLElement>(null);
  const { status, copy } = useCopyToClipboard(() => selectContents(value.current));
  return (
    <div className="flex flex-col items-start gap-2">
      <code
        ref={value}
        className="block w-full rounded-md bg-slate-50 px-2 py-1 font-mono text-xs break-all text-slate-900"
      >
        {text}
      </code>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          className="px-2.5 py-1 text-xs"
          aria-label={`Copy ${label}`}
          onClick={() => copy(text)}
        >
          {status === 'copied' ? (
            <Check aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Copy aria-hidden="true" className="h-4 w-4" />
          )}
          Copy
        </Button>
        <span role="status" className="text-xs text-slate-600">
          {status === 'idle' ? '' : COPY_VALUE_MESSAGES[status]}
        </span>
      </div>
    </div>
  );
}
