// Two versions side by side, each drawn as buyers got it at the same width (desktop or phone) and
// scaled to its half of the screen, so they line up on a phone too.
import { useState } from 'react';
import type { TemplateVersionSummary } from '@thankly/api-contract';
import { Alert, Button, ButtonLink } from '../components/ui/index.ts';
import { messageFor } from '../lib/api.ts';
import { DEVICE_WIDTHS, DeviceToggle, type Device } from './device-toggle.tsx';
import { historyPath } from './history-paths.ts';
import { ScaledEmailFrame } from './scaled-email-frame.tsx';
import type { Restore } from './use-restore.ts';
import { VersionFacts, VersionHeading } from './version-card-meta.tsx';
import { HISTORY_TEXTS, versionTitle } from './version-labels.ts';
import { useVersion } from './version-queries.ts';

export function VersionCompare({
  templateId,
  ids,
  versions,
  restore,
}: {
  templateId: string;
  ids: readonly [string, string];
  versions: TemplateVersionSummary[];
  restore: Restore;
}) {
  const [device, setDevice] = useState<Device>('desktop');
  // Older on the left, as a reader expects time to run.
  const byNumber = (id: string) => versions.find((v) => v.id === id)?.number ?? 0;
  const [left, right] = [...ids].sort((a, b) => byNumber(a) - byNumber(b));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ButtonLink variant="ghost" size="sm" to={historyPath(templateId)}>
          ← {HISTORY_TEXTS.backToList}
        </ButtonLink>
        <DeviceToggle value={device} onChange={setDevice} />
      </div>
      <div className="grid grid-cols-2 gap-2 sm:gap-4">
        {[left!, right!].map((id) => (
          <CompareSide
            key={id}
            templateId={templateId}
            versionId={id}
            summary={versions.find((v) => v.id === id)}
            device={device}
            restore={restore}
          />
        ))}
      </div>
    </div>
  );
}

function CompareSide({
  templateId,
  versionId,
  summary,
  device,
  restore,
}: {
  templateId: string;
  versionId: string;
  summary: TemplateVersionSummary | undefined;
  device: Device;
  restore: Restore;
}) {
  const version = useVersion(templateId, versionId);
  return (
    <section
      aria-label={summary ? versionTitle(summary) : 'Version'}
      data-testid="compare-side"
      className="min-w-0 space-y-3 rounded-2xl border border-slate-200 bg-white p-2 shadow-sm sm:p-4"
    >
      {version.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {HISTORY_TEXTS.loading}
        </p>
      ) : version.isError ? (
        <Alert>{messageFor(version.error, HISTORY_TEXTS.versionLoadFailed)}</Alert>
      ) : (
        <>
          <VersionHeading version={{ ...version.data, ...summary }} as="h2" />
          <VersionFacts version={{ ...version.data, ...summary }} />
          <div className="rounded-lg bg-slate-100 p-1">
            <ScaledEmailFrame
              html={version.data.html}
              width={DEVICE_WIDTHS[device]}
              title={`Version ${version.data.number}, as buyers received it`}
            />
          </div>
          {summary && !summary.isLive ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={restore.busy !== null}
              onClick={() => restore.restore(summary)}
              aria-label={`Restore version ${summary.number}`}
            >
              {HISTORY_TEXTS.restore}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
