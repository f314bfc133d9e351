import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { NOT_FOUND, ROUTES, findRoute } from './route-meta.ts';
import { whenIdle } from './lib/when-idle.ts';

type PageModule = { default: ComponentType };

/** One chunk per page: public pages never pull in the app, account or editor code. */
const loaders = import.meta.glob<PageModule>('./pages/*-page.tsx');

interface LazyPage {
  /** Renders the page; suspends only when its chunk has not been loaded yet. */
  Component: ComponentType;
  preload: () => Promise<void>;
}

function loaderFor(page: string): () => Promise<PageModule> {
  const load = loaders[`./pages/${page}.tsx`];
  if (!load) throw new Error(`No page module ./pages/${page}.tsx`);
  return load;
}

function createLazyPage(page: string): LazyPage {
  const load = loaderFor(page);
  let loaded: ComponentType | null = null;
  const preload = async () => {
    loaded = (await load()).default;
  };
  const Lazy: LazyExoticComponent<ComponentType> = lazy(async () => {
    const mod = await load();
    loaded = mod.default;
    return mod;
  });
  // A page that is already loaded (prerender, or preloaded before hydration) renders at once, so the
  // first client render matches the prerendered HTML instead of showing a fallback.
  function Component() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  Component.displayName = `Page(${page})`;
  return { Component, preload };
}

export const PAGES: ReadonlyMap<string, LazyPage> = new Map(
  [...ROUTES, NOT_FOUND].map((r) => [r.page, createLazyPage(r.page)]),
);

export function pageFor(page: string): LazyPage {
  const found = PAGES.get(page);
  if (!found) throw new Error(`Unknown page ${page}`);
  return found;
}

/** Loads the chunk of the page that serves `pathname`. */
export function preloadRoute(pathname: string): Promise<void> {
  return pageFor(findRoute(pathname).page).preload();
}

/**
 * Loads the chunk of the page that serves `pathname` once the browser is idle, so following a link
 * to it renders at once; returns a function that cancels the wait (an effect's cleanup).
 */
export function preloadRouteWhenIdle(pathname: string): () => void {
  return whenIdle(() => void preloadRoute(pathname).catch(() => {}));
}
