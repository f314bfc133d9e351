// A version's name, state, origin, time and author: the same lines on a card, in the read-only
// view and above each side of a comparison.
import type { TemplateVersionSummary } from '@thankly/api-contract';
import { Badge } from '../components/ui/index.ts';
import { useFormatSellerTime } from '../lib/seller-time.ts';
import { HISTORY_TEXTS, versionOrigin, versionTitle } from './version-labels.ts';

export function VersionHeading({
  version,
  as: Heading = 'h2',
}: {
  version: TemplateVersionSummary;
  as?: 'h2' | 'h3';
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Heading className="text-lg font-semibold text-slate-900">{versionTitle(version)}</Heading>
      {version.isLive ? <Badge tone="green">{HISTORY_TEXTS.live}</Badge> : null}
      {version.undoneAt ? <Badge>{HISTORY_TEXTS.undone}</Badge> : null}
    </div>
  );
}

export function VersionFacts({ version }: { version: TemplateVersionSummary }) {
  const formatTime = useFormatSellerTime();
  const origin = versionOrigin(version);
  return (
    <div className="space-y-0.5 text-xs text-slate-600">
      <p>
        <time dateTime={version.createdAt}>{formatTime(version.createdAt)}</time>
      </p>
      <p className="break-words">
        by {version.authorName}{' '}
        <span className="break-all text-slate-500">({version.authorEmail})</span>
      </p>
      {origin ? <p className="text-slate-700">{origin}</p> : null}
      <p className="break-words text-slate-700">
        <span className="text-slate-500">Subject: </span>
        {version.subject || '—'}
      </p>
    </div>
  );
}
