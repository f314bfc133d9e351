// Which API test files run on the PostgreSQL server as well as on the embedded database. Every API
// file is in exactly one list: test/db/postgres-test-files.test.ts fails on a file in neither.

/**
 * API test files whose outcome depends on the engine: the job queue (pg-boss runs on a connection
 * pool there, on one serialised connection in PGlite), row locks and races between connections,
 * exactly-once sending, unique constraints hit concurrently, JSONB and text storage, database time,
 * aggregates. They run on PostgreSQL every time.
 */
export const POSTGRES_EVERY_RUN = [
  'db/job-queue',
  'api/auth',
  'api/billing',
  'api/block-retries',
  'api/bounces',
  'api/cards-packing',
  'api/content-check',
  'api/held-orders',
  'api/ingest-poison',
  'api/injected-clock',
  'api/insights',
  'api/insights-counting',
  'api/journeys',
  'api/media',
  'api/printed-cards-abuse',
  'api/purchase-message-schedule',
  'api/relay-replies',
  'api/returning-buyers',
  'api/sending',
  'api/sending-lease',
  'api/sending-override',
  'api/sending-poison',
  'api/sending-window',
  'api/template-drafts',
  'api/template-versions',
  'api/templates',
  'api/time-zone',
  'api/tracking-abuse',
];

/**
 * The other API files exercise routes and rules that do not depend on the engine; a quarter of them
 * also run on PostgreSQL each day, in turn, so every file meets the server engine within four days.
 * TEST_POSTGRES=all runs them all there.
 */
export const POSTGRES_IN_TURN = [
  'api/account',
  'api/billing-demo',
  'api/brand',
  'api/brand-restyle',
  'api/buyer-email',
  'api/contact',
  'api/demo-order-events',
  'api/email-links',
  'api/empty-tokens',
  'api/etsy',
  'api/etsy-polling',
  'api/etsy-token-refresh',
  'api/gallery',
  'api/html-import',
  'api/media-storage',
  'api/operator',
  'api/outbox',
  'api/outbox-viewer',
  'api/password-reset',
  'api/platform',
  'api/preview-orders',
  'api/purchase-message',
  'api/recipients',
  'api/secret-rotation',
  'api/sending-domains',
  'api/shopify',
  'api/shared-previews',
  'api/shops',
  'api/template-language',
  'api/thank-by-hand',
  'api/trying-out-links',
  'api/unknown-paths',
  'api/woocommerce',
  'api/woocommerce-authorisation',
  'api/worker-logs',
];

/** The files, relative to apps/server, that the server-postgres project runs today. */
export function postgresApiFiles(now = Date.now()): string[] {
  const day = Math.floor(now / 86_400_000);
  const inTurn =
    process.env.TEST_POSTGRES === 'all'
      ? POSTGRES_IN_TURN
      : POSTGRES_IN_TURN.filter((_, index) => index % 4 === day % 4);
  return [...POSTGRES_EVERY_RUN, ...inTurn].map((name) => `test/${name}.api.test.ts`);
}
