// The warning shown wherever a seller looks at what buyers will get (editor, dashboard): tokens
// that real orders will leave empty, and the blocks that will be left out because of them.
import type { EmptyTokenWarning } from '@thankly/api-contract';

export function EmptyTokensNotice({ warnings }: { warnings: readonly EmptyTokenWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <div
      role="status"
      aria-label="Tokens that will be empty"
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <ul className="space-y-1">
        {warnings.map((warning) => (
          <li key={warning.token} className="break-words">
            {warning.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
