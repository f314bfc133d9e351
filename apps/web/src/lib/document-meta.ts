import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { findRoute } from '../route-meta.ts';

/** Keeps <title> and the meta description in step with client-side navigation. */
export function useDocumentMeta() {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = findRoute(pathname);
    document.title = meta.title;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = meta.description;
    window.scrollTo?.(0, 0);
  }, [pathname]);
}
