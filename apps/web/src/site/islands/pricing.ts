import { PLANS, type BillingInterval } from '@thankly/api-contract/catalog';
import { formatPrice, priceSuffix } from '../../lib/plans.ts';
import {
  COMPARE_ROWS,
  compareCaption,
  intervalButtonClass,
  yearlyNote,
} from '../../lib/pricing-view.ts';
import { element, setText } from '../dom.ts';
import { onHandOver, siteSignal } from '../lifecycle.ts';

/** Rewrites what the billing interval changes: the plan cards, the comparison table, the toggle. */
function show(interval: BillingInterval, toggle: HTMLElement): void {
  for (const button of toggle.querySelectorAll<HTMLButtonElement>('button[data-interval]')) {
    const pressed = button.dataset.interval === interval;
    button.setAttribute('aria-pressed', String(pressed));
    button.className = intervalButtonClass(pressed);
  }
  for (const plan of PLANS) {
    const card = document.querySelector<HTMLElement>(`[data-plan="${plan.id}"]`);
    if (!card) continue;
    setText(card.querySelector('[data-price]'), formatPrice(plan, interval));
    setText(card.querySelector('[data-price-suffix]'), priceSuffix(interval));
    const text = yearlyNote(plan, interval);
    let note = card.querySelector<HTMLElement>('[data-yearly-note]');
    if (text && !note) {
      note = element('p', { className: 'text-sm text-emerald-700' });
      note.dataset.yearlyNote = '';
      card.querySelector('[data-price-line]')!.after(note);
    }
    if (note && text) setText(note, text);
    else note?.remove();
  }
  const table = document.querySelector<HTMLTableElement>('table[data-compare]');
  if (!table) return;
  setText(table.caption, compareCaption(interval));
  COMPARE_ROWS.forEach((row, r) => {
    PLANS.forEach((plan, p) => {
      const cell = table.tBodies[0]?.rows[r]?.cells[p + 1];
      setText(cell, row.value(plan, interval));
    });
  });
}

/** The pricing page's Monthly/Yearly switch on the prerendered page, as PricingPage does it. */
export function mount(toggle: HTMLElement): void {
  toggle.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('button[data-interval]');
      if (button) show(button.dataset.interval === 'year' ? 'year' : 'month', toggle);
    },
    { signal: siteSignal },
  );
  onHandOver(() => show('month', toggle));
}
