// Plain words with tokens (a button's label) as the canvas shows them: each token one chip or
// value that never wraps inside, the rest as written.
import { Fragment, useMemo } from 'react';
import { splitAtTokens, tokenShown } from './token-display.ts';
import { useTokenView } from './token-view.ts';

export function TokenText({ text }: { text: string }) {
  const view = useTokenView();
  const parts = useMemo(() => splitAtTokens(text), [text]);
  return (
    <>
      {parts.map((part, i) => {
        if (typeof part === 'string') return <Fragment key={i}>{part}</Fragment>;
        const shown = tokenShown(part.token, view);
        return (
          <span
            key={i}
            className="rt-token"
            data-token={part.token}
            data-view={shown.kind}
            title={shown.title}
          >
            {shown.text}
          </span>
        );
      })}
    </>
  );
}
