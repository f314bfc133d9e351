import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { sendPageView } from './page-view.ts';

/** Sends one page view per route change (the public site's static pages send theirs themselves). */
export function usePageViews() {
  const { pathname } = useLocation();
  useEffect(() => sendPageView(pathname), [pathname]);
}
