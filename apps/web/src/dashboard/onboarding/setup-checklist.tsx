// The dashboard's setup checklist: template → coupon → shop → sending, each with where it is done.
// Shown while any step is open and gone once all are done.
import { Link } from 'react-router';
import { useAccount } from '../../account/account-query.ts';
import { SHOPS_ANCHOR } from '../../components/app-shell/app-nav.ts';
import { Badge, Card, buttonClass } from '../../components/ui/index.ts';
import { PRODUCT_PATH } from '../../route-meta.ts';
import { COUPON_ANCHOR, TEMPLATES_ANCHOR } from '../dashboard-anchors.ts';
import { useSendingSettings, useShops } from '../marketplace/marketplace-queries.ts';
import { useSelectedTemplateId, useTemplates } from '../templates/template-queries.ts';
import { setupSteps, type SetupPlaces, type SetupStep } from './setup-steps.ts';

const PLACES: SetupPlaces = {
  createTemplate: `${PRODUCT_PATH}/create`,
  coupon: `${PRODUCT_PATH}#${COUPON_ANCHOR}`,
  shops: `${PRODUCT_PATH}#${SHOPS_ANCHOR}`,
  templates: `${PRODUCT_PATH}#${TEMPLATES_ANCHOR}`,
  account: '/Account',
};

/** The steps once everything they depend on has loaded; null while loading or after a failure. */
function useSetupSteps(): SetupStep[] | null {
  const templates = useTemplates();
  const selected = useSelectedTemplateId();
  const settings = useSendingSettings();
  const shops = useShops();
  const account = useAccount();
  if (!templates.data || selected.isPending || !settings.data || !shops.data || !account.data)
    return null;
  return setupSteps(
    {
      templateCount: templates.data.length,
      couponCode: settings.data.couponCode,
      hasConnectedShop: shops.data.some((shop) => shop.status === 'connected'),
      hasSelectedTemplate: Boolean(selected.data),
      emailVerified: account.data.emailVerified,
      isPaused: account.data.isPaused,
    },
    PLACES,
  );
}

function StepMarker({ step, index }: { step: SetupStep; index: number }) {
  return (
    <span
      aria-hidden="true"
      className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
        step.done ? 'bg-emerald-600 text-white' : 'border border-slate-300 bg-white text-slate-600'
      }`}
    >
      {step.done ? '✓' : index + 1}
    </span>
  );
}

function StepRow({ step, index }: { step: SetupStep; index: number }) {
  return (
    <li
      className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-step={step.id}
      data-done={step.done}
    >
      <div className="flex items-start gap-3">
        <StepMarker step={step} index={index} />
        <div>
          <p className="flex flex-wrap items-center gap-2">
            <span
              className={`font-medium ${step.done ? 'text-slate-500 line-through' : 'text-slate-900'}`}
            >
              {step.title}
            </span>
            <Badge tone={step.done ? 'green' : 'slate'}>{step.done ? 'Done' : 'Not done'}</Badge>
          </p>
          {step.detail ? <p className="mt-0.5 text-sm text-slate-600">{step.detail}</p> : null}
        </div>
      </div>
      {step.action ? (
        <Link
          to={step.action.to}
          className={buttonClass('secondary', 'ml-10 shrink-0 self-start sm:ml-0 sm:self-center')}
        >
          {step.action.label}
        </Link>
      ) : null}
    </li>
  );
}

export function SetupChecklist() {
  const steps = useSetupSteps();
  if (!steps || steps.every((step) => step.done)) return null;
  const done = steps.filter((step) => step.done).length;
  return (
    <Card className="!p-4 sm:!p-5" aria-labelledby="setup-heading" data-testid="setup-checklist">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-heading" className="text-base font-semibold text-slate-900">
          Get set up
        </h2>
        <p className="text-sm text-slate-600">
          {done} of {steps.length} done
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Four steps and your buyers get a thank-you email with every paid order.
      </p>
      <div
        className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Setup progress"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={done}
      >
        <div
          className="h-full rounded-full bg-emerald-600"
          style={{ width: `${(done / steps.length) * 100}%` }}
        />
      </div>
      <ol className="mt-2 divide-y divide-slate-100" aria-label="Setup steps">
        {steps.map((step, index) => (
          <StepRow key={step.id} step={step} index={index} />
        ))}
      </ol>
    </Card>
  );
}
