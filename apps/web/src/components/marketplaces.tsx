import type { ReactNode } from 'react';

/** What Thankly does with each marketplace it connects to, as the public pages say it. */
export const MARKETPLACE_LINES = [
  {
    name: 'Etsy',
    text: 'Sign in with Etsy once. Thankly picks up each paid order from your shop and emails the buyer your thank-you, with their name, order number and items filled in.',
  },
  {
    name: 'Shopify',
    text: 'Enter your shop’s address and approve Thankly in Shopify. Shopify tells Thankly when an order is paid, and the buyer gets your thank-you right away.',
  },
  {
    name: 'WooCommerce',
    text: 'Approve Thankly in your WordPress admin, or paste a REST API key. Every paid order in your store gets your thank-you email.',
  },
] as const;

/** The three marketplaces by name, one short card each, under `title`. */
export function Marketplaces({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <section aria-labelledby="marketplaces-title">
      <h2 id="marketplaces-title" className="text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      {lead ? <p className="mt-3 max-w-2xl text-slate-600">{lead}</p> : null}
      <ul className="mt-8 grid gap-6 md:grid-cols-3" data-marketplaces>
        {MARKETPLACE_LINES.map((m) => (
          <li key={m.name} className="rounded-2xl border border-slate-200 bg-white p-6">
            <h3 className="text-lg font-semibold text-slate-900">{m.name}</h3>
            <p className="mt-2 text-slate-600">{m.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A picture of the product made by e2e/site-screenshots.ts, its box sized before it loads. */
interface PictureFile {
  src: string;
  width: number;
  height: number;
}

export function ProductPicture({
  picture,
  eager = false,
  className = '',
}: {
  /** `phone`, where there is one, is shown on narrow screens instead. */
  picture: PictureFile & { alt: string; phone?: PictureFile };
  /**
   * Only for a picture in the first screen of the page: it loads with the page, at high priority,
   * instead of once layout has found it in view (a lazy picture there is the page's last paint).
   */
  eager?: boolean;
  className?: string;
}) {
  const img = (
    <img
      src={picture.src}
      width={picture.width}
      height={picture.height}
      alt={picture.alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={`block h-auto w-full max-w-full ${className}`}
    />
  );
  if (!picture.phone) return img;
  return (
    <picture>
      <source
        media="(max-width: 639px)"
        srcSet={picture.phone.src}
        width={picture.phone.width}
        height={picture.phone.height}
      />
      {img}
    </picture>
  );
}
