// One kept email as its recipient would see it: the HTML part in a sandboxed frame (no scripts, no
// access to the app; links open in a new tab), then the text part and every header.
import type { OutboxMessage } from '@thankly/api-contract';
import { useState } from 'react';
import { Segmented } from '../components/ui/segmented.tsx';
import { useFormatSellerTime } from '../lib/seller-time.ts';

type Part = 'html' | 'text' | 'headers';

/** Links in the email open in a new tab, out of the sandbox, rather than inside the frame. */
export function framedHtml(html: string): string {
  return `<base target="_blank">${html}`;
}

export function KeptMessage({ message }: { message: OutboxMessage }) {
  const formatTime = useFormatSellerTime();
  const [part, setPart] = useState<Part>(message.html ? 'html' : 'text');
  const options: { value: Part; label: string }[] = [
    ...(message.html ? [{ value: 'html' as const, label: 'Email' }] : []),
    { value: 'text', label: 'Plain text' },
    { value: 'headers', label: 'Headers' },
  ];

  return (
    <article aria-labelledby="kept-message-subject" className="min-w-0">
      <header className="space-y-1">
        <h2 id="kept-message-subject" className="text-lg font-semibold break-words text-slate-900">
          {message.subject}
        </h2>
        <p className="text-sm break-all text-slate-700">To {message.to}</p>
        <p className="text-xs text-slate-500">Kept {formatTime(message.createdAt)}</p>
      </header>
      <div className="mt-4">
        <Segmented label="Show" value={part} options={options} onChange={setPart} />
      </div>
      <div className="mt-4">
        {part === 'html' && message.html ? (
          <iframe
            title={`Email: ${message.subject}`}
            // No scripts, no same-origin access; a link may open a tab, which leaves the sandbox.
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            srcDoc={framedHtml(message.html)}
            className="h-[70vh] min-h-96 w-full rounded-xl border border-slate-200 bg-white"
          />
        ) : part === 'headers' ? (
          <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
            {message.headers.map((h, i) => (
              <div key={`${h.name}-${i}`} className="grid gap-1 px-4 py-2 sm:grid-cols-[12rem_1fr]">
                <dt className="font-medium text-slate-700">{h.name}</dt>
                <dd className="min-w-0 font-mono text-xs break-all text-slate-900">{h.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <pre className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-4 text-sm whitespace-pre-wrap break-words text-slate-900">
            {message.text ?? 'This email has no plain-text part.'}
          </pre>
        )}
      </div>
    </article>
  );
}
