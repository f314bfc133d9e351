/** Both billing calls answer `{ url }` and the browser leaves for it. */
export async function goToBilling(call: Promise<{ url: string }>) {
  const { url } = await call;
  window.location.assign(url);
}
