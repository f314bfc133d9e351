// The versions of a template, newest first, as cards with a thumbnail: open one, pick two to
// compare, restore one, or undo the restore that is live.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TemplateVersionSummary } from '@thankly/api-contract';
import { Button, ButtonLink } from '../components/ui/index.ts';
import { historyPath } from './history-paths.ts';
import type { Restore } from './use-restore.ts';
import { VersionFacts, VersionHeading } from './version-card-meta.tsx';
import { HISTORY_TEXTS } from './version-labels.ts';
import { VersionThumbnail } from './version-thumbnail.tsx';

export function VersionList({
  templateId,
  versions,
  restore,
}: {
  templateId: string;
  versions: TemplateVersionSummary[];
  restore: Restore;
}) {
  const navigate = useNavigate();
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (id: string) =>
    setPicked((now) => (now.includes(id) ? now.filter((p) => p !== id) : [...now, id].slice(-2)));

  return (
    <section aria-label="Versions">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" id="compare-hint">
          {HISTORY_TEXTS.compareHint}
        </p>
        <Button
          variant="secondary"
          disabled={picked.length !== 2}
          aria-describedby="compare-hint"
          onClick={() => navigate(historyPath(templateId, { compare: [picked[0]!, picked[1]!] }))}
        >
          {HISTORY_TEXTS.compareSelected}
        </Button>
      </div>
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {versions.map((version) => (
          <li
            key={version.id}
            data-testid="version-card"
            className={`flex min-w-0 flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm ${version.isLive ? 'border-emerald-300' : 'border-slate-200'}`}
          >
            <VersionThumbnail
              src={`/api/templates/${encodeURIComponent(templateId)}/versions/${encodeURIComponent(version.id)}/html`}
              number={version.number}
            />
            <VersionHeading version={version} />
            <VersionFacts version={version} />
            <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
              <ButtonLink
                variant="secondary"
                size="sm"
                to={historyPath(templateId, { version: version.id })}
                aria-label={`View version ${version.number}`}
              >
                View
              </ButtonLink>
              {version.canUndo ? (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={restore.busy !== null}
                  onClick={() => restore.undo(version.id)}
                >
                  {restore.busy === 'undo' ? HISTORY_TEXTS.undoing : HISTORY_TEXTS.undo}
                </Button>
              ) : null}
              {version.isLive ? null : (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={restore.busy !== null}
                  onClick={() => restore.restore(version)}
                  aria-label={`Restore version ${version.number}`}
                >
                  {HISTORY_TEXTS.restore}
                </Button>
              )}
              <label className="ml-auto flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="focus-ring h-4 w-4 accent-brand-600"
                  checked={picked.includes(version.id)}
                  onChange={() => toggle(version.id)}
                  aria-label={`Compare version ${version.number}`}
                />
                <span aria-hidden="true">{HISTORY_TEXTS.compare}</span>
              </label>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
