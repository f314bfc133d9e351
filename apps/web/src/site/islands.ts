/**
 * The interactive parts of the public site's static pages. A page asks for one by rendering
 * `data-island="<name>"` on the element it mounts on; prerender.ts preloads the island's chunk on
 * those pages (its manifest key is islandModuleKey), and site.ts loads and mounts it.
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
