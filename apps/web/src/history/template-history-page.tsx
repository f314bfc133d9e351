// A template's version history (`/thankly/history?template=`): the list of versions with their
// thumbnails; `&version=` one version read-only; `&compare=a,b` two side by side. Restoring and
// its undo work from each of them. Its own chunk: the editor links here and loads none of it.
import { Link, useSearchParams } from 'react-router';
import { TEMPLATE_VERSIONS_KEPT } from '@thankly/api-contract';
import { Alert, Button, Container, PageHeader } from '../components/ui/index.ts';
import { messageFor } from '../lib/api.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { HISTORY_PARAMS } from './history-paths.ts';
import { useRestore, type Restore } from './use-restore.ts';
import { HISTORY_TEXTS } from './version-labels.ts';
import { VersionCompare } from './version-compare.tsx';
import { VersionList } from './version-list.tsx';
import { useVersions } from './version-queries.ts';
import { VersionView } from './version-view.tsx';

export default function TemplateHistoryPage() {
  const [params] = useSearchParams();
  const templateId = params.get(HISTORY_PARAMS.template);
  if (!templateId)
    return (
      <Container className="py-10">
        <PageHeader title={HISTORY_TEXTS.title} />
        <Alert tone="info">
          {HISTORY_TEXTS.noTemplate}{' '}
          <Link to={PRODUCT_PATH} className="focus-ring rounded text-brand-700 underline">
            Your templates
          </Link>
        </Alert>
      </Container>
    );
  return <History templateId={templateId} />;
}

function History({ templateId }: { templateId: string }) {
  const [params] = useSearchParams();
  const versions = useVersions(templateId);
  const restore = useRestore(templateId);
  const versionId = params.get(HISTORY_PARAMS.version);
  const compare = params.get(HISTORY_PARAMS.compare)?.split(',').slice(0, 2);

  return (
    <Container className="py-10">
      <Link
        to={`${PRODUCT_PATH}/create?id=${encodeURIComponent(templateId)}`}
        className="focus-ring rounded text-sm font-medium text-brand-700 underline"
      >
        ← {HISTORY_TEXTS.backToEditor}
      </Link>
      <div className="mt-2">
        <PageHeader
          title={HISTORY_TEXTS.title}
          lead={
            versions.data
              ? HISTORY_TEXTS.lead(versions.data.templateName, TEMPLATE_VERSIONS_KEPT)
              : undefined
          }
        />
      </div>
      <OutcomeNotice restore={restore} />
      {versions.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          {HISTORY_TEXTS.loading}
        </p>
      ) : versions.isError ? (
        <div className="space-y-4">
          <Alert>{messageFor(versions.error, HISTORY_TEXTS.loadFailed)}</Alert>
          <Button variant="secondary" onClick={() => void versions.refetch()}>
            Try again
          </Button>
        </div>
      ) : compare?.length === 2 ? (
        <VersionCompare
          templateId={templateId}
          ids={[compare[0]!, compare[1]!]}
          versions={versions.data.versions}
          restore={restore}
        />
      ) : versionId ? (
        <VersionView
          templateId={templateId}
          versionId={versionId}
          versions={versions.data.versions}
          restore={restore}
        />
      ) : (
        <VersionList templateId={templateId} versions={versions.data.versions} restore={restore} />
      )}
    </Container>
  );
}

/** What the last restore or undo did, with the undo beside a restore while it is still possible. */
function OutcomeNotice({ restore }: { restore: Restore }) {
  const { outcome } = restore;
  if (!outcome) return null;
  if (outcome.kind === 'failed')
    return (
      <div className="mb-6">
        <Alert>{outcome.message}</Alert>
      </div>
    );
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
    >
      <p>
        {outcome.kind === 'restored'
          ? HISTORY_TEXTS.restored(outcome.live.number, outcome.live.restoredFrom ?? 0)
          : HISTORY_TEXTS.undoneMessage(outcome.live.number)}
      </p>
      {outcome.kind === 'restored' ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={restore.busy !== null}
          onClick={() => restore.undo(outcome.live.id)}
        >
          {restore.busy === 'undo' ? HISTORY_TEXTS.undoing : HISTORY_TEXTS.undo}
        </Button>
      ) : null}
    </div>
  );
}
