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
  key?: string;
}
export interface ToastOptions {
  action?: ToastAction;
  /**
   * The action the toast reports on ("update-password"). A later toast with the same key
   * replaces it, so a success clears the error its earlier attempt left; see also toast.settle.
   */
  key?: string;
}

const DISMISS_AFTER_MS = 6000;
/** A toast with something to do stays long enough to read it and reach its button. */
const DISMISS_ACTION_AFTER_MS = 15000;
/** More than this and the stack covers the page; the oldest go first. */
export const MAX_TOASTS = 3;
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
  const toast: Toast = {
    id,
    kind,
    message,
    ...(options.action && { action: options.action }),
    ...(options.key && { key: options.key }),
  };
  // The same text twice (a double click) shows once; a newer word on the same action replaces
  // the older one (the success after an error).
  const kept = toasts.filter(
    (t) => t.message !== message && (options.key === undefined || t.key !== options.key),
  );
  toasts = [...kept, toast].slice(-MAX_TOASTS);
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
  /** The action with this key succeeded without a word to say: its old error goes. */
  settle: (key: string) => {
    if (!toasts.some((t) => t.key === key)) return;
    toasts = toasts.filter((t) => t.key !== key);
    emit();
  },
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
