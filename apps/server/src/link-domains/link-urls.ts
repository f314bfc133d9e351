/**
 * The base of tracked links and the open pixel on a seller's link host: APP_URL with the host
 * swapped, so its scheme (https in production) and any port stay the operator's.
 */
export function linkBaseUrl(appUrl: string, linkHost: string): string {
  const url = new URL(appUrl);
  url.hostname = linkHost;
  return url.origin;
}
