// The template an email was made from, as the activity feed names it: with the version it used
// once it was sent, linked to that version's read-only view (src/history).
import { Link } from 'react-router';
import type { SentVersion } from '@thankly/api-contract';
import { historyPath } from '../../history/history-paths.ts';

export function TemplateUsed({
  name,
  version,
  className = '',
}: {
  name: string | null;
  version: SentVersion | null | undefined;
  className?: string;
}) {
  if (!name) return <span className={className}>—</span>;
  if (!version) return <span className={className}>{name}</span>;
  return (
    <span className={className}>
      {name}{' '}
      <Link
        to={historyPath(version.templateId, { version: version.versionId })}
        className="focus-ring rounded text-brand-700 underline"
        // The name holds the visible "v3" (axe: label-content-name-mismatch): someone who speaks
        // the words they see to click it must be understood.
        aria-label={`${name}, v${version.number} (the version this email used)`}
      >
        v{version.number}
      </Link>
    </span>
  );
}
