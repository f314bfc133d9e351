// Collects the cards' fits for one layout. Once every card of the batch is fitted the page says so
// on <html data-cards-fitted="true"> (browser tests print from then on), and it names the cards
// whose content does not fit even at the smallest zoom.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { FitResult } from './use-fit-zoom.ts';

/** `layout`: the paper, fold and bleed, as one key. */
type Fits = { layout: string; overflowing: Map<string, boolean> };

function clearFitted() {
  delete document.documentElement.dataset.cardsFitted;
}

export function useCardsFitted(layout: string, orderIds: readonly string[]) {
  const fits = useRef<Fits>({ layout, overflowing: new Map() });
  const [cutOff, setCutOff] = useState<string[]>([]);
  const idsKey = orderIds.join(',');

  // Cards fit in their own layout effects, which run before this one: if none of them has
  // reported for the new layout yet (pictures still loading), the old "fitted" no longer holds.
  useLayoutEffect(() => {
    if (fits.current.layout !== layout) {
      fits.current = { layout, overflowing: new Map() };
      clearFitted();
    }
  }, [layout]);
  useLayoutEffect(() => clearFitted, []);

  const onFitted = useCallback(
    (forLayout: string, orderId: string, result: FitResult) => {
      if (fits.current.layout !== forLayout) {
        fits.current = { layout: forLayout, overflowing: new Map() };
        clearFitted();
      }
      const { overflowing } = fits.current;
      overflowing.set(orderId, result.overflowing);
      const ids = idsKey ? idsKey.split(',') : [];
      if (!ids.every((id) => overflowing.has(id))) return;
      document.documentElement.dataset.cardsFitted = 'true';
      const now = ids.filter((id) => overflowing.get(id));
      setCutOff((before) => (before.join(',') === now.join(',') ? before : now));
    },
    [idsKey],
  );

  return { onFitted, cutOff };
}
