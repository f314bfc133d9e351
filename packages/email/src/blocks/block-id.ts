// Ids for new blocks. Random so blocks pasted between templates never collide; they never reach the
// rendered HTML, so rendering stays deterministic.
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

export function createBlockId(prefix = 'b'): string {
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  let id = `${prefix}_`;
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}
