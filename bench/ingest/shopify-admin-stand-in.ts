import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The one Shopify Admin API call a delivered order costs (isOrderOfShop's `order(id:)` query),
 * answered "yes, this shop's order" at once: the benchmark measures Thankly, not the marketplace.
 * Anything else is a 404, so a change that makes ingest call Shopify for more shows up as errors.
 */
export async function startShopifyAdminStandIn(): Promise<{
  /** SHOPIFY_SHOP_URL for the API process. */
  shopUrl: string;
  calls: () => number;
  close: () => Promise<void>;
}> {
  let calls = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /"id":"(gid:\/\/shopify\/Order\/\d+)"/.exec(Buffer.concat(chunks).toString())?.[1];
      if (request.method !== 'POST' || !request.url?.endsWith('/graphql.json') || !id) {
        response.writeHead(404).end();
        return;
      }
      calls++;
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: { order: { id } } }));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    shopUrl: `http://127.0.0.1:${port}/{shop}`,
    calls: () => calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
