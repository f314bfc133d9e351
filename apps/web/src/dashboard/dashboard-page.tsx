// /thankly: the seller's templates, what goes out today, usage, the orders waiting for a printed
// card, the connected shop and recent orders.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEMPLATE_MESSAGES } from '@thankly/api-contract/catalog';
import type { TemplateSummary, TestEmailReply } from '@thankly/api-contract';
import { EmptyTokensNotice } from '../components/empty-tokens-notice.tsx';
import { Badge, Button, Card, Container } from '../components/ui/index.ts';
import { ApiError, api } from '../lib/api.ts';
import { formatDailyLimit } from '../lib/plans.ts';
import { toast } from '../lib/toast.ts';
import { preloadRouteWhenIdle } from '../lazy-pages.tsx';
import { PRODUCT_PATH } from '../route-meta.ts';
import { ByHandCallout } from '../thank-by-hand/by-hand-callout.tsx';
import { DeliveryHealthPanel } from '../deliverability/delivery-health-panel.tsx';
import { DeliveryPausedAlert } from '../deliverability/delivery-paused-alert.tsx';
import {
  ORDERS_ANCHOR,
  SHOPS_ANCHOR,
  UPGRADE_LABEL,
  UPGRADE_PATH,
} from '../components/app-shell/app-nav.ts';
import { UpgradeLink } from '../components/app-shell/usage-meter.tsx';
import { usageFrom } from '../components/app-shell/usage.ts';
import { ActivityList } from './activity/activity-list.tsx';
import { MarketplacePanel } from './marketplace/marketplace-panel.tsx';
import { SetupChecklist } from './onboarding/setup-checklist.tsx';
import { TEMPLATES_ANCHOR } from './dashboard-anchors.ts';
import { TemplateCard, displayName } from './templates/template-card.tsx';
import {
  refreshTemplates,
  templateKeys,
  useDailyStats,
  useEffectiveTemplate,
  useEmptyTokens,
  useSelectedTemplateId,
  useTemplates,
} from './templates/template-queries.ts';

/** "New template" opens the starter gallery, which renders live email thumbnails: loaded on demand. */
const StarterPicker = lazy(() =>
  import('../gallery/starter-picker.tsx').then((m) => ({ default: m.StarterPicker })),
);

export const DASHBOARD_MESSAGES = {
  selected: 'Template selected - we will use this for future emails.',
  selectFailed: 'Whoops... failed to select template. Try again later.',
  deleted: 'Template deleted.',
  selectionCleared:
    'It was your selected template, so no template is selected now: new orders get no email until you choose one with Select.',
  deleteFailed: 'Whoops... failed to delete template. Try again later.',
  testSent: 'Test email sent! Check your inbox...',
  testFailed: 'Failed to send test email',
  slotsUsedUp: TEMPLATE_MESSAGES.slotsUsedUp,
  empty: 'No templates yet. Create your first!',
  createFirst: 'Create your first template',
  dailyLimitReached: 'Daily limit reached.',
  ordersSkipped: 'Orders paid from now until midnight (Athens time) are skipped, not emailed.',
} as const;

/** Spec section 5: a new template only while below the plan's allowance, or when there are none. */
export function canCreateTemplate(count: number, tempLimit: number | undefined): boolean {
  if (count === 0 || tempLimit === undefined) return true;
  return count < tempLimit;
}

function UsageLine() {
  const stats = useDailyStats();
  if (stats.isPending)
    return <p className="h-5 w-48 animate-pulse rounded bg-slate-100" aria-hidden="true" />;
  if (!stats.data) return null;
  const usage = usageFrom(stats.data);
  return (
    <>
      <p className="text-sm text-slate-700">
        Today: {stats.data.sentToday} / {formatDailyLimit(stats.data.dailyLimit)} emails
        <span className="text-slate-500"> · {stats.data.planName} plan</span>
      </p>
      {usage.limitReached ? <DailyLimitReached canUpgrade={usage.canUpgrade} /> : null}
    </>
  );
}

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

/** Orders past the limit are skipped, not queued: say so where the seller looks, with the way out. */
function DailyLimitReached({ canUpgrade }: { canUpgrade: boolean }) {
  return (
    <div
      role="status"
      className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p>
        <strong>{DASHBOARD_MESSAGES.dailyLimitReached}</strong> {DASHBOARD_MESSAGES.ordersSkipped}
      </p>
      {canUpgrade ? <UpgradeLink urgent /> : null}
    </div>
  );
}

function SendingToday({ templates }: { templates: TemplateSummary[] | undefined }) {
  const effective = useEffectiveTemplate();
  const selected = useSelectedTemplateId();
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
      {effective.isPending ? (
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

export default function DashboardPage() {
  const queryClient = useQueryClient();
  const [picking, setPicking] = useState(false);
  // New template and Edit lead to the editor: its code is fetched while the seller reads this page.
  useEffect(() => preloadRouteWhenIdle(`${PRODUCT_PATH}/create`), []);
  const templates = useTemplates();
  const selected = useSelectedTemplateId();
  const effective = useEffectiveTemplate();
  const stats = useDailyStats();
  const [busy, setBusy] = useState<{ id: string; action: 'select' | 'test' | 'delete' } | null>(
    null,
  );

  const select = useMutation({
    mutationFn: (id: string) =>
      api.post<{ selectedTemplateId: string | null }>(
        `/templates/selectors/select/${encodeURIComponent(id)}`,
      ),
    onMutate: (id) => setBusy({ id, action: 'select' }),
    onSuccess: (reply) => {
      queryClient.setQueryData(templateKeys.selected, reply.selectedTemplateId);
      toast.success(DASHBOARD_MESSAGES.selected);
    },
    onError: () => toast.error(DASHBOARD_MESSAGES.selectFailed),
    onSettled: () => {
      setBusy(null);
      void refreshTemplates(queryClient);
    },
  });

  const remove = useMutation({
    mutationFn: (id: string) =>
      api.delete<{ ok: true; selectionCleared?: boolean }>(`/templates/${encodeURIComponent(id)}`),
    onMutate: (id) => setBusy({ id, action: 'delete' }),
    onSuccess: (reply, id) => {
      queryClient.setQueryData<TemplateSummary[]>(templateKeys.list, (list) =>
        list?.filter((t) => t.id !== id),
      );
      const wasSelected =
        reply.selectionCleared ?? queryClient.getQueryData(templateKeys.selected) === id;
      // Its warnings went with it: the refresh below must not ask for them (a 404).
      queryClient.removeQueries({ queryKey: templateKeys.emptyTokens(id) });
      toast.success(DASHBOARD_MESSAGES.deleted);
      if (wasSelected) {
        // Nothing takes its place on its own: the seller is told, and chooses.
        queryClient.setQueryData(templateKeys.selected, null);
        toast.info(DASHBOARD_MESSAGES.selectionCleared);
      }
    },
    onError: () => toast.error(DASHBOARD_MESSAGES.deleteFailed),
    onSettled: () => {
      setBusy(null);
      void refreshTemplates(queryClient);
    },
  });

  const sendTest = useMutation({
    mutationFn: (id: string) => api.post<TestEmailReply>(`/emails/test/${encodeURIComponent(id)}`),
    onMutate: (id) => setBusy({ id, action: 'test' }),
    onSuccess: (reply) => {
      toast.success(DASHBOARD_MESSAGES.testSent);
      // The test shows what buyers get; these say why something in it is missing.
      for (const warning of reply.emptyTokens ?? []) toast.info(warning.message);
    },
    onError: (error) =>
      toast.error(
        (error instanceof ApiError && error.serverMessage) || DASHBOARD_MESSAGES.testFailed,
      ),
    onSettled: () => setBusy(null),
  });

  function newTemplate() {
    const count = templates.data?.length ?? 0;
    if (!canCreateTemplate(count, stats.data?.tempLimit)) {
      toast.error(DASHBOARD_MESSAGES.slotsUsedUp, {
        action: { label: UPGRADE_LABEL, to: UPGRADE_PATH },
      });
      return;
    }
    // The seller picks a starter design (or Blank) first; the picker opens the editor with it.
    setPicking(true);
  }

  function confirmDelete(template: TemplateSummary) {
    const name = displayName(template);
    if (window.confirm(`Delete "${name}"? This cannot be undone.`)) remove.mutate(template.id);
  }

  const list = templates.data;
  return (
    <Container className="py-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Your Thank-You Notes</h1>
          <div className="mt-2">
            <UsageLine />
          </div>
        </div>
        <Button onClick={newTemplate} disabled={templates.isPending}>
          New template
        </Button>
      </div>

      <DeliveryPausedAlert />

      <ByHandCallout />

      <div className="mt-6">
        <SetupChecklist />
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-2 lg:items-start">
        <SendingToday templates={list} />
        <div id={SHOPS_ANCHOR} className="scroll-mt-20 focus:outline-none">
          <MarketplacePanel />
        </div>
      </div>

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
          <div
            className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-700"
            role="alert"
          >
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
            <Button onClick={newTemplate}>{DASHBOARD_MESSAGES.createFirst}</Button>
          </div>
        )}
      </section>

      <div className="mt-10">
        <DeliveryHealthPanel />
      </div>

      <div id={ORDERS_ANCHOR} className="scroll-mt-20 focus:outline-none">
        <ActivityList />
      </div>
      {picking ? (
        <Suspense fallback={null}>
          <StarterPicker onClose={() => setPicking(false)} />
        </Suspense>
      ) : null}
    </Container>
  );
}
