// How the editor shows tokens: as labelled chips ("Customer first name") or filled with values,
// either the sample order's or one of the seller's recent real orders ("Preview as"). One small
// store outside React, so the canvas, the open Tiptap editor's chips and Preview HTML agree.
import { useSyncExternalStore } from 'react';
import { sampleTokenValues, type TokenValues } from '@thankly/email';

export type TokenViewMode = 'labels' | 'values';

/** The sample order packages/email fills test emails with. */
export const SAMPLE_ORDER_ID = 'sample';

export interface TokenView {
  mode: TokenViewMode;
  /** SAMPLE_ORDER_ID, or the id of the seller's order whose values fill the tokens. */
  orderId: string;
  values: TokenValues;
}

const INITIAL: TokenView = { mode: 'labels', orderId: SAMPLE_ORDER_ID, values: sampleTokenValues };

let view: TokenView = INITIAL;
const listeners = new Set<() => void>();

export function getTokenView(): TokenView {
  return view;
}

export function setTokenView(patch: Partial<TokenView>): void {
  view = { ...view, ...patch };
  for (const listener of listeners) listener();
}

/** Back to labels and the sample order (a new editor visit starts there). */
export function resetTokenView(): void {
  setTokenView(INITIAL);
}

export function subscribeTokenView(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTokenView(): TokenView {
  return useSyncExternalStore(subscribeTokenView, getTokenView, () => INITIAL);
}
