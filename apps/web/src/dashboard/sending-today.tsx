// Which template new orders get today, whether a conditional one overrides the selection, and
// what the selected one will leave empty.
import type { TemplateSummary } from '@thankly/api-contract';
import { useAccount } from '../account/account-query.ts';
import { EmptyTokensNotice } from '../components/empty-tokens-notice.tsx';
import { Badge, Card } from '../components/ui/index.ts';
import { PAUSED_TEXT } from './sending-paused-notice.tsx';
import { displayName } from './templates/template-card.tsx';
import {
  useEffectiveTemplate,
  useEmptyTokens,
  useSelectedTemplateId,
} from './templates/template-queries.ts';

/** For the selected template: what real orders will leave empty, and what is left out because of it. */
function SelectedTemplateWarnings({ selectedId }: { selectedId: string | null }) {
  const emptyTokens = useEmptyTokens(selectedId);
  if (!emptyTokens.data?.length) return null;
  return (
    <div className="mt-3">
      <EmptyTokensNotice warnings={emptyTokens.data} />
    </div>
  );
}

export function SendingToday({ templates }: { templates: TemplateSummary[] | undefined }) {
  const effective = useEffectiveTemplate();
  const selected = useSelectedTemplateId();
  const paused = useAccount().data?.isPaused === true;
  const current = effective.data?.templateId
    ? templates?.find((t) => t.id === effective.data.templateId)
    : undefined;
  return (
    <Card className="!p-4" aria-labelledby="sending-today-heading">
      <div className="flex flex-wrap items-center gap-2">
        <h2
          id="sending-today-heading"
          className="text-sm font-semibold tracking-wide text-slate-500 uppercase"
        >
          Sending today
        </h2>
        {effective.data?.overridden ? <Badge tone="amber">Overridden</Badge> : null}
      </div>
      {paused ? (
        <p className="mt-1 text-lg font-semibold text-amber-900">{PAUSED_TEXT.sendingToday}</p>
      ) : effective.isPending ? (
        <p className="mt-2 h-6 w-56 animate-pulse rounded bg-slate-100" aria-hidden="true" />
      ) : current ? (
        <p className="mt-1 text-lg font-semibold text-slate-900">
          {displayName(current)}
          {effective.data?.overridden ? (
            <span className="block text-sm font-normal text-slate-600">
              A conditional template overrides your selection for today.
            </span>
          ) : null}
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          No template is going out yet. Choose one below with Select and new orders get it
          automatically.
        </p>
      )}
      <SelectedTemplateWarnings selectedId={selected.data ?? null} />
    </Card>
  );
}
