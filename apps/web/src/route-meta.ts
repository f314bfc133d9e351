/**
 * Every screen of the product spec, section 2, as plain data (no React) so the router, the
 * prerender step and the route-size report all read the same table.
 */
export const PRODUCT_PATH = '/thankly';
export const SITE_NAME = 'Thankly';
/** The sellers' guide to the DNS records of a sending domain, linked from the Account page. */
export const SENDING_DOMAIN_HELP_PATH = '/help/sending-domain';
/** The Sending domain section of the Account page, which the help page links back to. */
export const SENDING_DOMAIN_ANCHOR = 'sending-domain';
/** What the thank-you emails brought back (issue 18). */
export const INSIGHTS_PATH = `${PRODUCT_PATH}/insights`;
/** The post-purchase journey: the thank-you, then the follow-up emails of every order. */
export const JOURNEY_PATH = `${PRODUCT_PATH}/journey`;
/** The mail kept in this copy of Thankly while no mail relay is set (trying it out). */
export const OUTBOX_PATH = `${PRODUCT_PATH}/outbox`;

export type Access = 'public' | 'protected';

export interface RouteMeta {
  path: string;
  /** File name in src/pages without extension; each page is its own lazily loaded chunk. */
  page: string;
  access: Access;
  /** Written to dist/<path>/index.html at build time so content is there before JavaScript. */
  prerender: boolean;
  /**
   * Also prerendered as the page looks when its link carries ?token= (dist/<path>/with-token.html),
   * which the server sends to such links, so no HTML, even before hydration, asks for a token the
   * link already gave.
   */
  tokenVariant?: boolean;
  /**
   * A page of the public site: prerendered with the site's small script (src/site) instead of the
   * React app, which only signed-in sellers then load. Account-access pages (log in, register…)
   * are forms of the app and stay with it.
   */
  site?: boolean;
  title: string;
  description: string;
}

export const ROUTES: readonly RouteMeta[] = [
  {
    path: '/',
    page: 'home-page',
    access: 'public',
    site: true,
    prerender: true,
    title: 'Thankly: branded thank-you emails for online shop sellers',
    description:
      'Thankly sends a branded thank-you email to every buyer of your online shop as soon as an order is paid. Design it once, connect your shop, and let gratitude run on autopilot.',
  },
  {
    path: '/features',
    page: 'features-page',
    access: 'public',
    site: true,
    prerender: true,
    title: 'Features: block editor, dynamic tokens, scheduling | Thankly',
    description:
      'Drag-and-drop email editor, order tokens, automatic sending on paid orders, date-range templates, a daily sending limit and a pause switch: everything Thankly does for your shop.',
  },
  {
    path: '/pricing',
    page: 'pricing-page',
    access: 'public',
    site: true,
    prerender: true,
    title: 'Pricing: Starter free, Growth $9, Business $19 | Thankly',
    description:
      'Start free with 5 thank-you emails a day. Growth and Business add more emails, more templates and date-range scheduling, billed monthly or yearly.',
  },
  {
    path: '/contact',
    page: 'contact-page',
    access: 'public',
    site: true,
    prerender: true,
    title: 'Contact support | Thankly',
    description:
      'Questions about Thankly? Send us a message: we reply within 1–2 business days, Monday to Friday 9–5 EET, subscribers first.',
  },
  {
    path: '/register',
    page: 'register-page',
    access: 'public',
    prerender: true,
    title: 'Create your account | Thankly',
    description:
      'Create a free Thankly account and start sending branded thank-you emails to your buyers today.',
  },
  {
    path: '/login',
    page: 'login-page',
    access: 'public',
    prerender: true,
    title: 'Log in | Thankly',
    description: 'Log in to Thankly to manage your thank-you email templates and sending.',
  },
  {
    path: '/forgot-password',
    page: 'forgot-password-page',
    access: 'public',
    prerender: true,
    title: 'Reset your password | Thankly',
    description: 'Forgot your Thankly password? Request a reset link by email.',
  },
  {
    path: '/reset-password',
    page: 'reset-password-page',
    access: 'public',
    prerender: true,
    tokenVariant: true,
    title: 'Choose a new password | Thankly',
    description: 'Set a new password for your Thankly account using the link we emailed you.',
  },
  {
    path: '/content-hub',
    page: 'content-hub-page',
    access: 'public',
    site: true,
    prerender: true,
    title: 'Learn & Inspire: guides for thankful sellers | Thankly',
    description:
      'Guides for online shop sellers: why branded thank-you emails beat plain messages, template ideas you can copy, and editor tips.',
  },
  {
    path: '/thank-you-messages-vs-emails',
    page: 'messages-vs-emails-page',
    access: 'public',
    site: true,
    prerender: true,
    title: 'Thank-you messages vs branded thank-you emails | Thankly',
    description:
      'Marketplace thank-you messages are plain text and easy to miss. Branded emails carry your logo, a coupon and links back to your shop. Here is how they compare.',
  },
  {
    path: '/template-inspiration',
    page: 'template-inspiration-page',
    access: 'public',
    site: true,
    prerender: true,
    title: 'Thank-you email template inspiration | Thankly',
    description:
      'Six thank-you email ideas for handmade, vintage and print-on-demand shops, with subject lines and structure you can copy.',
  },
  {
    path: '/editor-tips',
    page: 'editor-tips-page',
    access: 'public',
    site: true,
    prerender: true,
    title: 'Editor tips: build a better thank-you email | Thankly',
    description:
      'Practical tips for the Thankly editor: tokens, columns, buttons, images, dark mode and mobile previews.',
  },
  {
    path: PRODUCT_PATH,
    page: 'dashboard-page',
    access: 'protected',
    prerender: false,
    title: 'Your Thank-You Notes | Thankly',
    description: 'Your thank-you email templates.',
  },
  {
    path: `${PRODUCT_PATH}/create`,
    page: 'editor-page',
    access: 'protected',
    prerender: false,
    title: 'Create template | Thankly',
    description: 'Design a thank-you email template.',
  },
  {
    path: `${PRODUCT_PATH}/history`,
    page: 'template-history-page',
    access: 'protected',
    prerender: false,
    title: 'Version history | Thankly',
    description: 'Every version of a template you published: view, compare and restore.',
  },
  {
    path: `${PRODUCT_PATH}/brand`,
    page: 'brand-page',
    access: 'protected',
    prerender: false,
    title: 'Brand kit | Thankly',
    description: 'Your logo, colours, font and sign-off for every thank-you email.',
  },
  {
    path: `${PRODUCT_PATH}/cards`,
    page: 'cards-page',
    access: 'protected',
    prerender: false,
    title: 'Print thank-you cards | Thankly',
    description:
      'Printed thank-you cards for the buyers your marketplace did not share an email for.',
  },
  {
    path: JOURNEY_PATH,
    page: 'journey-page',
    access: 'protected',
    prerender: false,
    title: 'Journey | Thankly',
    description:
      'The emails every order gets: the thank-you at payment, then follow-ups when it ships, is delivered or later.',
  },
  {
    path: INSIGHTS_PATH,
    page: 'insights-page',
    access: 'protected',
    prerender: false,
    title: 'Insights | Thankly',
    description:
      'Opens, clicks, coupon redemptions, repeat orders and revenue your thank-you emails brought back.',
  },
  {
    path: OUTBOX_PATH,
    page: 'outbox-page',
    access: 'protected',
    prerender: false,
    title: 'Outbox | Thankly',
    description: 'The emails kept in this copy of Thankly while you try it: nothing is delivered.',
  },
  {
    path: '/Account',
    page: 'account-page',
    access: 'protected',
    prerender: false,
    title: 'Account | Thankly',
    description: 'Your Thankly subscription, sending status and credentials.',
  },
  {
    path: '/verify-email',
    page: 'verify-email-page',
    access: 'protected',
    prerender: false,
    title: 'Confirm your email address | Thankly',
    description: 'Confirm the email address of your Thankly account.',
  },
  {
    path: '/confirm-email',
    page: 'confirm-email-page',
    access: 'protected',
    prerender: false,
    title: 'Confirm your new email address | Thankly',
    description: 'Confirm the new email address of your Thankly account.',
  },
  {
    path: '/docs/billing',
    page: 'docs-billing-page',
    access: 'public',
    site: true,
    prerender: true,
    title: 'Billing help: plans, payments, cancelling and refunds | Thankly',
    description:
      'How Thankly plans are billed monthly or yearly, how to switch or cancel in the billing portal, what happens when a payment fails, and our refund policy.',
  },
  {
    path: SENDING_DOMAIN_HELP_PATH,
    page: 'help-sending-domain-page',
    access: 'public',
    site: true,
    prerender: true,
    title: 'Your sending domain’s DNS records, in plain words | Thankly',
    description:
      'What the DKIM, return-path and DMARC records Thankly asks for do, where to add them at your DNS host, how long changes take, and what each status means.',
  },
  {
    path: '/billing/success',
    page: 'billing-success-page',
    access: 'protected',
    prerender: false,
    title: 'Thank you for subscribing | Thankly',
    description: 'Your Thankly subscription is confirmed.',
  },
  {
    path: '/billing/cancel',
    page: 'billing-cancel-page',
    access: 'protected',
    prerender: false,
    title: 'Checkout cancelled | Thankly',
    description: 'You left the checkout; nothing was charged.',
  },
];

export const NOT_FOUND: RouteMeta = {
  path: '*',
  page: 'not-found-page',
  access: 'public',
  site: true,
  prerender: false,
  title: 'Page not found | Thankly',
  description: 'This page does not exist.',
};

/** Exact, case-sensitive match, as the spec's routes are. A trailing slash is tolerated. */
export function findRoute(pathname: string): RouteMeta {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTES.find((r) => r.path === normalized) ?? NOT_FOUND;
}
