import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error' | 'info';
/** A link the seller can follow from the toast, e.g. Upgrade when a plan limit is hit. */
export interface ToastAction {
  label: string;
  /** A path inside the app. */
  to: string;
}
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
}
export interface ToastOptions {
  action?: ToastAction;
}

const DISMISS_AFTER_MS = 6000;
/** A toast with something to do stays long enough to read it and reach its button. */
const DISMISS_ACTION_AFTER_MS = 15000;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const EMPTY: Toast[] = [];

function emit() {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function push(kind: ToastKind, message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  const toast: Toast = options.action
    ? { id, kind, message, action: options.action }
    : { id, kind, message };
  // The same text twice in a row (a double click) shows once.
  toasts = [...toasts.filter((t) => t.message !== message), toast].slice(-4);
  emit();
  if (typeof window !== 'undefined')
    window.setTimeout(
      () => dismissToast(id),
      options.action ? DISMISS_ACTION_AFTER_MS : DISMISS_AFTER_MS,
    );
  return id;
}

/** Show a short message in the page's live region. Callable from anywhere, not only components. */
export const toast = {
  success: (message: string, options?: ToastOptions) => push('success', message, options),
  error: (message: string, options?: ToastOptions) => push('error', message, options),
  info: (message: string, options?: ToastOptions) => push('info', message, options),
};

export function clearToasts() {
  toasts = [];
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
}
