// One version, read-only: drawn as buyers got it, at desktop or phone width, with what can be
// done with it (restore it, compare it with the live one).
import { type ReactNode, useState } from 'react';
import type { TemplateVersion, TemplateVersionSummary } from '@thankly/api-contract';
import { Alert, Button, ButtonLink, Card } from '../components/ui/index.ts';
import { messageFor } from '../lib/api.ts';
import { DEVICE_WIDTHS, DeviceToggle, type Device } from './device-toggle.tsx';
import { historyPath } from './history-paths.ts';
import { ScaledEmailFrame } from './scaled-email-frame.tsx';
import type { Restore } from './use-restore.ts';
import { VersionFacts, VersionHeading } from './version-card-meta.tsx';
import { HISTORY_TEXTS } from './version-labels.ts';
import { useVersion } from './version-queries.ts';

export function VersionView({
  templateId,
  versionId,
  versions,
  restore,
}: {
  templateId: string;
  versionId: string;
  versions: TemplateVersionSummary[];
  restore: Restore;
}) {
  const version = useVersion(templateId, versionId);
  const [device, setDevice] = useState<Device>('desktop');
  // Whether it is live comes from the list, which a restore refreshes.
  const summary = versions.find((v) => v.id === versionId);
  const live = versions.find((v) => v.isLive);

  return (
    <div className="space-y-4">
      <ButtonLink variant="ghost" size="sm" to={historyPath(templateId)}>
        ← {HISTORY_TEXTS.backToList}
      </ButtonLink>
      {version.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {HISTORY_TEXTS.loading}
        </p>
      ) : version.isError ? (
        <Alert>{messageFor(version.error, HISTORY_TEXTS.versionLoadFailed)}</Alert>
      ) : (
        <Card className="min-w-0">
          <ReadOnlyVersion
            version={{ ...version.data, ...summary }}
            device={device}
            onDevice={setDevice}
            actions={
              summary && !summary.isLive ? (
                <>
                  <Button
                    size="sm"
                    disabled={restore.busy !== null}
                    onClick={() => restore.restore(summary)}
                  >
                    {restore.busy === 'restore'
                      ? HISTORY_TEXTS.restoring
                      : HISTORY_TEXTS.restoreThis}
                  </Button>
                  {live ? (
                    <ButtonLink
                      variant="secondary"
                      size="sm"
                      to={historyPath(templateId, { compare: [summary.id, live.id] })}
                    >
                      {HISTORY_TEXTS.compareWithLive}
                    </ButtonLink>
                  ) : null}
                </>
              ) : summary?.canUndo ? (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={restore.busy !== null}
                  onClick={() => restore.undo(summary.id)}
                >
                  {HISTORY_TEXTS.undo}
                </Button>
              ) : null
            }
          />
        </Card>
      )}
    </div>
  );
}

function ReadOnlyVersion({
  version,
  device,
  onDevice,
  actions,
}: {
  version: TemplateVersion;
  device: Device;
  onDevice: (device: Device) => void;
  actions: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <VersionHeading version={version} />
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            {HISTORY_TEXTS.readOnly}
          </p>
          <VersionFacts version={version} />
        </div>
        <div className="flex flex-wrap items-center gap-2">{actions}</div>
      </div>
      <DeviceToggle value={device} onChange={onDevice} />
      <div className="rounded-xl border border-slate-200 bg-slate-100 p-2 sm:p-4">
        <div className="mx-auto" style={{ maxWidth: DEVICE_WIDTHS[device] }}>
          <ScaledEmailFrame
            html={version.html}
            width={DEVICE_WIDTHS[device]}
            title={`Version ${version.number}, as buyers received it`}
          />
        </div>
      </div>
    </div>
  );
}
