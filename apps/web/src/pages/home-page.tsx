import { Link } from 'react-router';
import { getPlan, type PlanId } from '@thankly/api-contract/catalog';
import { Marketplaces, ProductPicture } from '../components/marketplaces.tsx';
import { ButtonLink, Container } from '../components/ui/index.ts';
import { SITE_IMAGES } from './site-images.ts';

const STEPS = [
  {
    title: 'Design your thank-you email',
    text: 'Start from a ready-made template with your logo, a warm message and a coupon, then make it yours in the block editor: headings, text, buttons, images and columns.',
  },
  {
    title: 'Connect your shop',
    text: 'Link your Etsy, Shopify or WooCommerce shop in a few clicks. Thankly watches for paid orders, so there is nothing to export and nothing to remember.',
  },
  {
    title: 'Every buyer hears from you',
    text: 'When an order is paid, the buyer gets your branded email with their name, order number and the products they bought filled in.',
  },
] as const;

const REASONS = [
  {
    stat: 'Repeat buyers',
    text: 'A personal thank-you with a small coupon gives a buyer a reason to come back to your shop instead of the next listing in the search results.',
  },
  {
    stat: 'Better reviews',
    text: 'Buyers who feel looked after leave kinder reviews. A friendly note with tracking info also heads off "where is my order?" messages.',
  },
  {
    stat: 'Minutes, not hours',
    text: 'Stop copying and pasting the same message into every order. Write it once and Thankly sends it on every sale, even while you sleep.',
  },
] as const;

/** "1 shop" / "up to 3 shops": how many shops a plan connects, from the plan catalogue. */
function shops(plan: PlanId): string {
  const limit = getPlan(plan).shopLimit;
  return limit === 1 ? '1 shop' : `up to ${limit} shops`;
}

export default function HomePage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="py-16 text-center sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            Thank-you emails for online shop sellers
          </p>
          <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
            Gratitude, on autopilot.
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
            Thankly sends a branded thank-you email to every buyer the moment their order is paid.
            Your logo, your words, their name and order details: designed once, sent every time.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/register" className="px-6 py-3 text-base">
              Get Started
            </ButtonLink>
            <ButtonLink to="/features" variant="secondary" className="px-6 py-3 text-base">
              See Features
            </ButtonLink>
          </div>
          <p className="mt-4 text-sm text-slate-500">
            Free plan with {getPlan('free').dailyLimit} emails a day. No card needed. Works with
            Etsy, Shopify and WooCommerce.
          </p>
          <figure className="mx-auto mt-12 max-w-5xl">
            <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg">
              <ProductPicture picture={SITE_IMAGES.editor} eager />
            </div>
            <figcaption className="mt-3 text-sm text-slate-500">
              The Thankly editor, with the Coupon for next time starter design.
            </figcaption>
          </figure>
        </Container>
      </section>

      <Container className="py-16">
        <h2 className="text-center text-2xl font-bold sm:text-3xl">How it works</h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 p-6">
              <span
                aria-hidden="true"
                className="grid h-9 w-9 place-items-center rounded-full bg-brand-600 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </Container>

      <Container className="pb-16">
        <Marketplaces
          title="Works with Etsy, Shopify and WooCommerce"
          lead={`Connect the shops you already sell from: ${shops('free')} on Starter, ${shops('growth')} on Growth and ${shops('business')} on Business.`}
        />
        <figure className="mx-auto mt-10 max-w-4xl">
          <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            <ProductPicture picture={SITE_IMAGES.orders} />
          </div>
          <figcaption className="mt-3 text-center text-sm text-slate-500">
            Every paid order on your dashboard, with the thank-you email it got.
          </figcaption>
        </figure>
      </Container>

      <section className="bg-slate-50">
        <Container className="grid gap-10 py-16 md:grid-cols-2 md:items-center">
          <div>
            <h2 className="text-2xl font-bold sm:text-3xl">Why sellers send thank-you emails</h2>
            <ul className="mt-6 space-y-5">
              {REASONS.map((r) => (
                <li key={r.stat}>
                  <h3 className="font-semibold text-slate-900">{r.stat}</h3>
                  <p className="mt-1 text-slate-600">{r.text}</p>
                </li>
              ))}
            </ul>
          </div>
          <figure
            aria-label="Example thank-you email"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <p className="text-xs text-slate-500">Subject: Thank you for your order, Maria!</p>
            <div className="mt-4 space-y-3 text-slate-700">
              <p className="text-xl font-bold text-slate-900">A great big thank you</p>
              <p>Hi Maria, thanks for shopping with Olive &amp; Clay. Order #1042 is on its way.</p>
              <p>Supporting a small business means the world to us.</p>
              <p className="rounded-lg bg-brand-50 p-3 text-sm">
                Here is <strong>20% off</strong> your next order: <strong>THANKYOU20</strong>
              </p>
              <p>With love, Elena</p>
            </div>
          </figure>
        </Container>
      </section>

      <Container className="py-16 text-center">
        <h2 className="text-2xl font-bold sm:text-3xl">Ready to thank every buyer?</h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-600">
          Set it up in ten minutes. Compare the{' '}
          <Link to="/pricing" className="text-brand-700 underline">
            plans
          </Link>{' '}
          or read{' '}
          <Link to="/thank-you-messages-vs-emails" className="text-brand-700 underline">
            why branded emails beat plain messages
          </Link>
          .
        </p>
        <ButtonLink to="/register" className="mt-6 px-6 py-3 text-base">
          Get Started
        </ButtonLink>
      </Container>
    </>
  );
}
