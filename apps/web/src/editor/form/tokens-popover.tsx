// 'Show tokens': every dynamic token with a Copy button, and the tip on combining them.
import { useEffect, useId, useRef, useState } from 'react';
import { TOKENS, TOKEN_NAMES, type TokenName } from '@thankly/email';
import { useActiveRichText } from '../blocks/rich-text/active-rich-text.ts';

async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

export function TokensPopover() {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<{
    token: TokenName;
    message: 'Copied!' | 'Copy failed';
  } | null>(null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // The heading or text block being edited, if any: tokens can go straight in at its cursor.
  const richText = useActiveRichText();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  function copy(token: TokenName) {
    copyText(`[${token}]`).then(
      () => setStatus({ token, message: 'Copied!' }),
      () => setStatus({ token, message: 'Copy failed' }),
    );
  }

  function insert(token: TokenName) {
    richText?.change('insert', (editor) =>
      editor
        .chain()
        .focus()
        .insertContent({ type: 'token', attrs: { text: `[${token}]` } })
        .run(),
    );
    setOpen(false);
  }

  return (
    <div ref={root} className="relative" data-keep-selection>
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="focus-ring rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        {open ? 'Hide tokens' : 'Show tokens'}
      </button>
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label="Dynamic tokens"
          className="absolute right-0 z-40 mt-2 w-[min(92vw,24rem)] rounded-xl border border-slate-200 bg-white p-3 shadow-xl"
        >
          <p className="mb-2 text-xs text-slate-600">
            {richText
              ? 'Insert a token at the cursor in the text you are editing, or copy it for the subject; each order fills in its own value.'
              : 'Paste a token into the subject or any text; each order fills in its own value.'}
          </p>
          <ul className="max-h-80 space-y-1 overflow-y-auto">
            {TOKEN_NAMES.map((token) => (
              <li
                key={token}
                className="flex items-center justify-between gap-2 rounded px-2 py-1.5 hover:bg-slate-50"
              >
                <div className="min-w-0">
                  <code className="text-xs font-semibold text-brand-700">[{token}]</code>
                  <p className="truncate text-xs text-slate-500" title={TOKENS[token].description}>
                    {TOKENS[token].description}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <span role="status" className="text-xs text-slate-600">
                    {status?.token === token ? status.message : ''}
                  </span>
                  {richText ? (
                    <button
                      type="button"
                      aria-label={`Insert [${token}] at the cursor`}
                      onClick={() => insert(token)}
                      className="focus-ring rounded bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white hover:bg-brand-700"
                    >
                      Insert
                    </button>
                  ) : null}
                  <button
                    type="button"
                    aria-label={`Copy [${token}]`}
                    onClick={() => copy(token)}
                    className="focus-ring rounded border border-slate-300 px-2 py-0.5 text-xs font-medium hover:bg-white"
                  >
                    Copy
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-3 rounded bg-brand-50 p-2 text-xs text-brand-900">
            Tip: combine tokens with your own words, for example a greeting plus the customer first
            name:
            <code className="ml-1 font-semibold">Hi [customer-first-name],</code>. Add a fallback
            after a bar for buyers without one:{' '}
            <code className="font-semibold">[customer-first-name|there]</code>.
          </p>
        </div>
      ) : null}
    </div>
  );
}
