import { api } from '../lib/api.ts';

/** Both billing calls answer `{ url }` and the browser leaves for it. */
export async function goToBilling(path: '/billing/portal' | '/billing/checkout', body: unknown) {
  const { url } = await api.post<{ url: string }>(path, body);
  if (typeof url !== 'string' || !url) throw new Error('No billing address returned');
  window.location.assign(url);
}
