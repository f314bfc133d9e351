import { Link } from 'react-router';
import { PLANS, yearlyDiscountPercent } from '@thankly/api-contract/catalog';
import { Container, PageHeader } from '../components/ui/index.ts';
import { formatDailyLimit } from '../lib/plans.ts';

const link = 'font-medium text-brand-700 underline';

/** Public help page on plans, payments, cancelling and refunds; linked from the Account page. */
export default function DocsBillingPage() {
  const discount = Math.max(...PLANS.map(yearlyDiscountPercent));
  return (
    <Container className="py-12 sm:py-16">
      <article className="mx-auto max-w-3xl">
        <PageHeader
          title="Billing help"
          lead="How Thankly’s plans are billed, how to change or cancel, and what happens to your templates and emails when you do."
        />
        <div className="space-y-6 text-slate-700 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_li]:mt-1 [&_ul]:list-disc [&_ul]:pl-6">
          <h2 id="plans">Plans</h2>
          <div className="overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-4 py-2">
                    Plan
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Monthly
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Yearly
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Emails a day
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Templates
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Conditional sending
                  </th>
                </tr>
              </thead>
              <tbody>
                {PLANS.map((plan) => (
                  <tr key={plan.id} className="border-t border-slate-200">
                    <th scope="row" className="px-4 py-2 font-semibold">
                      {plan.name}
                    </th>
                    <td className="px-4 py-2">${plan.priceMonthly}</td>
                    <td className="px-4 py-2">${plan.priceYearly}</td>
                    <td className="px-4 py-2">{formatDailyLimit(plan.dailyLimit)}</td>
                    <td className="px-4 py-2">{plan.tempLimit}</td>
                    <td className="px-4 py-2">{plan.conditionalSending ? 'Yes' : 'No'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            Starter is free for as long as you like. Growth and Business are billed monthly or
            yearly; paying yearly saves up to {discount}% (two months free). Prices are in US
            dollars. Business customers get priority support.
          </p>

          <h2 id="paying">Paying</h2>
          <ul>
            <li>
              Choose a plan on your{' '}
              <Link to="/Account" className={link}>
                Account
              </Link>{' '}
              page (or when you sign up). You pay by card on our payment provider’s secure page;
              Thankly never sees or stores your card number.
            </li>
            <li>
              Your new limits apply as soon as the payment goes through: more emails a day, more
              templates, and conditional sending by date range.
            </li>
            <li>
              The subscription renews automatically at the end of each month or year. Receipts and
              invoices are emailed to you and are also in <strong>Manage billing</strong>.
            </li>
            <li>
              <strong>Manage billing</strong> on the Account page opens the billing portal, where
              you can update your card, download invoices, switch plans or cancel.
            </li>
          </ul>

          <h2 id="changing">Changing plans</h2>
          <ul>
            <li>
              Moving up (Growth to Business, or monthly to yearly) applies at once; the time left on
              your current period is credited against the new price.
            </li>
            <li>
              Moving down keeps every template you made. If you have more templates than the new
              plan allows you cannot create new ones until you delete some, and date-range
              (conditional) templates stop overriding your selected template on Starter.
            </li>
          </ul>

          <h2 id="failed-payments">If a payment fails</h2>
          <p>
            When a renewal payment is declined we keep your plan while the payment provider retries
            the card over the following days, and you get an email asking you to update it in{' '}
            <strong>Manage billing</strong>. If every retry fails, the subscription ends and your
            account moves to Starter; your templates are kept and you can subscribe again at any
            time.
          </p>

          <h2 id="cancelling">Cancelling</h2>
          <p>
            Cancel at any time in <strong>Manage billing</strong>. You keep your paid plan until the
            end of the period you already paid for, then your account moves to Starter. Nothing is
            deleted: your templates, shop connection and sending history stay, and thank-you emails
            continue within Starter’s limit of 5 a day.
          </p>

          <h2 id="refunds">Refunds</h2>
          <p>
            Cancelling stops future payments; the period you already paid for is not refunded pro
            rata. If you were charged by mistake — a double charge, or a renewal you meant to cancel
            and have not used since — write to us within 14 days of the charge and we will refund it
            in full. Refunds go back to the card you paid with and usually arrive within 5–10
            business days.
          </p>

          <h2 id="help">Questions</h2>
          <p>
            <Link to="/contact" className={link}>
              Contact us
            </Link>{' '}
            with the email address of your Thankly account. We reply within 1–2 business days,
            Monday to Friday 9–5 EET; subscribers are answered first.
          </p>
        </div>
      </article>
    </Container>
  );
}
