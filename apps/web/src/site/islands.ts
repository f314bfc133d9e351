/**
 * The interactive parts of the public site's static pages. A page asks for one by rendering
 * `data-island="<name>"` on the element it mounts on; site.ts loads and mounts it after the page's
 * first paint (its chunk's manifest key is islandModuleKey).
 */
export interface Island {
  mount(root: HTMLElement): void;
}

export const ISLAND_LOADERS: Record<string, () => Promise<Island>> = {
  contact: () => import('./islands/contact.ts'),
  pricing: () => import('./islands/pricing.ts'),
};

/** The island's source in Vite's manifest (relative to apps/web). */
export function islandModuleKey(name: string): string {
  return `src/site/islands/${name}.ts`;
}

export const ISLAND_ATTRIBUTE = 'data-island';

/** The islands a page's HTML asks for, by name. */
export function islandsIn(html: string): string[] {
  const asked = html.matchAll(new RegExp(`${ISLAND_ATTRIBUTE}="([\\w-]+)"`, 'g'));
  return [...new Set(Array.from(asked, (match) => match[1]!))];
}
