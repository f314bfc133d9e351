import { Marketplaces, ProductPicture } from '../components/marketplaces.tsx';
import { ButtonLink, Container, PageHeader } from '../components/ui/index.ts';
import { SITE_IMAGES } from './site-images.ts';

export const FEATURES = [
  {
    title: 'Block editor made for email',
    text: 'Build with headings, text, buttons, images, dividers, spacers and up to four columns. Every block has its own colours, padding, corners and width, and the result renders in Gmail, Outlook and Apple Mail.',
  },
  {
    title: 'Dynamic tokens',
    text: 'Drop in [customer-first-name], [order-number], [product-title-list], [tracking-link], [coupon-code] and more. Each email is filled in with the buyer’s own order details.',
  },
  {
    title: 'Sends itself on every paid order',
    text: 'Connect your Etsy, Shopify or WooCommerce shop once. Thankly notices each paid order and emails the buyer, exactly once per order, with your selected template.',
  },
  {
    title: 'Seasonal templates by date range',
    text: 'On Growth and Business, schedule a holiday or sale template for a date range. It takes over automatically on those days, then your everyday template returns.',
  },
  {
    title: 'Desktop, mobile and dark previews',
    text: 'See your email at desktop and phone widths and in a dark-mode simulation before a buyer does, and send yourself a test email with one click.',
  },
  {
    title: 'You stay in control',
    text: 'Pause and resume sending with a single switch, watch today’s count against your daily limit, and pick which template goes out next.',
  },
] as const;

export default function FeaturesPage() {
  return (
    <Container className="py-12 sm:py-16">
      <PageHeader
        title="Everything you need to thank every buyer"
        lead="Thankly turns a paid order into a personal, on-brand thank-you email without you lifting a finger. Here is what is inside."
      />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <li
            key={feature.title}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 className="text-lg font-semibold text-slate-900">{feature.title}</h2>
            <p className="mt-2 text-slate-600">{feature.text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-16">
        <Marketplaces title="Works with Etsy, Shopify and WooCommerce" />
      </div>
      <section aria-labelledby="in-the-app" className="mt-16">
        <h2 id="in-the-app" className="text-2xl font-bold sm:text-3xl">
          What it looks like
        </h2>
        <div className="mt-8 grid gap-10">
          <figure>
            <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              <ProductPicture picture={SITE_IMAGES.editor} />
            </div>
            <figcaption className="mt-3 text-sm text-slate-600">
              The editor: change the email right where your buyer will read it, with each block’s
              settings beside it.
            </figcaption>
          </figure>
          <figure>
            <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              <ProductPicture picture={SITE_IMAGES.dashboard} />
            </div>
            <figcaption className="mt-3 text-sm text-slate-600">
              The dashboard: the template sending today, your shop and your coupon code.
            </figcaption>
          </figure>
          <figure>
            <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              <ProductPicture picture={SITE_IMAGES.orders} />
            </div>
            <figcaption className="mt-3 text-sm text-slate-600">
              Recent orders: every paid order and what happened to its thank-you email.
            </figcaption>
          </figure>
        </div>
      </section>
      <div className="mt-12 flex flex-col items-start gap-3 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-lg font-semibold text-brand-900">
          Start free, upgrade when your shop grows.
        </p>
        <div className="flex gap-3">
          <ButtonLink to="/register">Get Started</ButtonLink>
          <ButtonLink to="/pricing" variant="secondary">
            See pricing
          </ButtonLink>
        </div>
      </div>
    </Container>
  );
}
