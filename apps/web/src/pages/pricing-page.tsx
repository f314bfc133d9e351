import { useState } from 'react';
import { PLANS, type BillingInterval, type Plan } from '@thankly/api-contract/catalog';
import { ButtonLink, Container, PageHeader } from '../components/ui/index.ts';
import { IntervalToggle } from '../components/interval-toggle.tsx';
import { formatPrice, priceSuffix } from '../lib/plans.ts';
import { COMPARE_ROWS, compareCaption, yearlyNote } from '../lib/pricing-view.ts';

const TAGLINES: Record<Plan['id'], string> = {
  free: 'For a new shop trying thank-you emails.',
  growth: 'For a shop with steady sales and seasonal campaigns.',
  business: 'For busy shops that never want to hit a limit.',
};

export default function PricingPage() {
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  return (
    <Container className="py-12 sm:py-16">
      <PageHeader
        title="Simple pricing for every shop"
        lead="Start free. Upgrade when you want more emails a day, more templates, or seasonal templates that switch on by date."
      />
      {/* Without React on the page (the prerendered site), site/islands/pricing.ts runs this part. */}
      <div data-island="pricing">
        <IntervalToggle value={interval} onChange={setBillingInterval} />
      </div>

      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {PLANS.map((plan) => (
          <li
            key={plan.id}
            data-plan={plan.id}
            className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
              plan.id === 'growth' ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200'
            }`}
          >
            <h2 className="text-xl font-bold">{plan.name}</h2>
            <p className="mt-1 text-sm text-slate-600">{TAGLINES[plan.id]}</p>
            <p className="mt-4" data-price-line>
              <span className="text-4xl font-extrabold" data-price>
                {formatPrice(plan, interval)}
              </span>
              <span className="text-slate-600" data-price-suffix>
                {priceSuffix(interval)}
              </span>
            </p>
            {yearlyNote(plan, interval) ? (
              <p className="text-sm text-emerald-700" data-yearly-note>
                {yearlyNote(plan, interval)}
              </p>
            ) : null}
            <ul className="mt-5 flex-1 space-y-2 text-sm text-slate-700">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <span aria-hidden="true" className="text-emerald-600">
                    ✓
                  </span>
                  {feature}
                </li>
              ))}
            </ul>
            <ButtonLink
              to={`/register?plan=${plan.name}`}
              variant={plan.id === 'growth' ? 'primary' : 'secondary'}
              className="mt-6"
              aria-label={`Get Started with ${plan.name}`}
            >
              Get Started
            </ButtonLink>
          </li>
        ))}
      </ul>

      <section className="mt-16" aria-labelledby="compare-heading">
        <h2 id="compare-heading" className="text-2xl font-bold">
          Compare plans
        </h2>
        <div className="mt-4 overflow-x-auto rounded-2xl border border-slate-200">
          {/* Every plan fits a 390 px phone: tighter cells and smaller type there, no scrolling. */}
          <table className="w-full text-left text-sm max-sm:text-xs" data-compare>
            <caption className="sr-only">{compareCaption(interval)}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-2 py-3 font-semibold sm:px-4">
                  <span className="sr-only">Feature</span>
                </th>
                {PLANS.map((plan) => (
                  <th key={plan.id} scope="col" className="px-2 py-3 font-semibold sm:px-4">
                    {plan.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {COMPARE_ROWS.map((row) => (
                <tr key={row.label} className="border-t border-slate-200">
                  <th scope="row" className="px-2 py-3 font-medium text-slate-700 sm:px-4">
                    {row.label}
                  </th>
                  {PLANS.map((plan) => (
                    <td key={plan.id} className="px-2 py-3 sm:px-4">
                      {row.value(plan, interval)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-4 text-sm text-slate-600">
          Prices in US dollars. Change or cancel your plan at any time from your account.
        </p>
      </section>
    </Container>
  );
}
