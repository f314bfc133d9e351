// The dashboard's Templates section: how many of the plan's slots are used, then the cards, a
// loading placeholder, the refusal with Try again, or the first-template prompt.
import { Button } from '../../components/ui/index.ts';
import { DASHBOARD_MESSAGES } from '../dashboard-messages.ts';
import { TEMPLATES_ANCHOR } from '../dashboard-anchors.ts';
import { TemplateCard } from './template-card.tsx';
import {
  useDailyStats,
  useEffectiveTemplate,
  useSelectedTemplateId,
  useTemplates,
} from './template-queries.ts';
import { useTemplateActions } from './use-template-actions.ts';

export function TemplatesSection({ onNewTemplate }: { onNewTemplate: () => void }) {
  const templates = useTemplates();
  const selected = useSelectedTemplateId();
  const effective = useEffectiveTemplate();
  const stats = useDailyStats();
  const { busy, select, sendTest, confirmDelete } = useTemplateActions();
  const list = templates.data;
  return (
    <section
      id={TEMPLATES_ANCHOR}
      aria-labelledby="templates-heading"
      className="mt-8 scroll-mt-20 focus:outline-none"
    >
      <h2 id="templates-heading" className="text-lg font-semibold text-slate-900">
        Templates
        {list && stats.data ? (
          <span className="ml-2 text-sm font-normal text-slate-500">
            {list.length} of {stats.data.tempLimit} used
          </span>
        ) : null}
      </h2>
      {templates.isPending ? (
        <ul
          className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
          aria-busy="true"
          aria-label="Loading templates"
        >
          {[0, 1, 2].map((i) => (
            <li
              key={i}
              className="h-80 animate-pulse rounded-2xl border border-slate-200 bg-slate-50"
            />
          ))}
        </ul>
      ) : templates.isError ? (
        <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-700" role="alert">
          Your templates could not be loaded.
          <Button variant="secondary" onClick={() => templates.refetch()}>
            Try again
          </Button>
        </div>
      ) : list && list.length > 0 ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              isSelected={selected.data === template.id}
              isSendingToday={effective.data?.templateId === template.id}
              busy={busy?.id === template.id ? busy.action : null}
              onSelect={() => select.mutate(template.id)}
              onSendTest={() => sendTest.mutate(template.id)}
              onDelete={() => confirmDelete(template)}
            />
          ))}
        </ul>
      ) : (
        <div className="mt-4 flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-slate-600">{DASHBOARD_MESSAGES.empty}</p>
          <Button onClick={onNewTemplate}>{DASHBOARD_MESSAGES.createFirst}</Button>
        </div>
      )}
    </section>
  );
}
