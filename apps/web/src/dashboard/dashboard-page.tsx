// /thankly: the seller's templates, what goes out today, usage, the orders waiting for a printed
// card, the connected shop and recent orders.
import { lazy, Suspense, useEffect, useState } from 'react';
import { FileCode } from 'lucide-react';
import { Button, Container } from '../components/ui/index.ts';
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
import { ActivityList } from './activity/activity-list.tsx';
import { DASHBOARD_MESSAGES, canCreateTemplate } from './dashboard-messages.ts';
import { MarketplacePanel } from './marketplace/marketplace-panel.tsx';
import { SetupChecklist } from './onboarding/setup-checklist.tsx';
import { SendingPausedNotice } from './sending-paused-notice.tsx';
import { SendingToday } from './sending-today.tsx';
import { TemplatesSection } from './templates/templates-section.tsx';
import { useDailyStats, useTemplates } from './templates/template-queries.ts';
import { UsageLine } from './usage-line.tsx';

/** "New template" opens the starter gallery, which renders live email thumbnails: loaded on demand. */
const StarterPicker = lazy(() =>
  import('../gallery/starter-picker.tsx').then((m) => ({ default: m.StarterPicker })),
);
/** "Import HTML": the dialog and the importer are loaded only when the seller imports. */
const ImportHtmlDialog = lazy(() =>
  import('../html-import/import-html-dialog.tsx').then((m) => ({ default: m.ImportHtmlDialog })),
);

export default function DashboardPage() {
  const [picking, setPicking] = useState(false);
  const [importing, setImporting] = useState(false);
  // New template and Edit lead to the editor: its code is fetched while the seller reads this page.
  useEffect(() => preloadRouteWhenIdle(`${PRODUCT_PATH}/create`), []);
  const templates = useTemplates();
  const stats = useDailyStats();

  /** Whether a new template fits the plan; says so with the way to upgrade when it does not. */
  function hasFreeSlot() {
    const count = templates.data?.length ?? 0;
    if (canCreateTemplate(count, stats.data?.tempLimit)) return true;
    toast.error(DASHBOARD_MESSAGES.slotsUsedUp, {
      action: { label: UPGRADE_LABEL, to: UPGRADE_PATH },
    });
    return false;
  }

  function newTemplate() {
    // The seller picks a starter design (or Blank) first; the picker opens the editor with it.
    if (hasFreeSlot()) setPicking(true);
  }

  function importHtml() {
    // An imported email opens as the unsaved new template: it needs a slot as one would.
    if (hasFreeSlot()) setImporting(true);
  }

  return (
    <Container className="py-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Your Thank-You Notes</h1>
          <div className="mt-2">
            <UsageLine />
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={importHtml} disabled={templates.isPending}>
            <FileCode size={16} aria-hidden />
            Import HTML
          </Button>
          <Button onClick={newTemplate} disabled={templates.isPending}>
            New template
          </Button>
        </div>
      </div>

      <DeliveryPausedAlert />

      <SendingPausedNotice />

      <ByHandCallout />

      <div className="mt-6">
        <SetupChecklist />
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-2 lg:items-start">
        <SendingToday templates={templates.data} />
        <div id={SHOPS_ANCHOR} className="scroll-mt-20 focus:outline-none">
          <MarketplacePanel />
        </div>
      </div>

      <TemplatesSection onNewTemplate={newTemplate} />

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
      {importing ? (
        <Suspense fallback={null}>
          <ImportHtmlDialog onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
    </Container>
  );
}
