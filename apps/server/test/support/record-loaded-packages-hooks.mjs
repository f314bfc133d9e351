import { appendFileSync } from 'node:fs';

const target = process.env.THANKLY_LOADED_PACKAGES;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(resolved.url)?.[1];
  if (target && name) appendFileSync(target, `${name}\n`);
  return resolved;
}
