// Toasts: a line of news after an action, shown by sonner (components/toaster.tsx). The rules are
// Thankly's: the same words show once, a later word on the same action replaces the earlier one
// where it stands, at most MAX_TOASTS at a time (the oldest go first), and a toast with something
// to do stays longer.
import { createElement } from 'react';
import { toast as sonner } from 'sonner';
import { ToastCard } from '../components/toast-card.tsx';

export type ToastKind = 'success' | 'error' | 'info';
/** A link the seller can follow from the toast, e.g. Upgrade when a plan limit is hit. */
export interface ToastAction {
  label: string;
  /** A path inside the app. */
  to: string;
}
export interface Toast {
  id: string;
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
let nextId = 1;
/** What each toast is, by its sonner id; sonner knows which are still up, and their order. */
const shown = new Map<string, Toast>();

/** The toasts up now, oldest first. */
export function activeToasts(): Toast[] {
  const up = sonner.getToasts().flatMap((t) => shown.get(String(t.id)) ?? []);
  // Those sonner has let go are forgotten here too.
  for (const id of shown.keys()) if (!up.some((t) => t.id === id)) shown.delete(id);
  return up;
}

function dismiss(id: string) {
  shown.delete(id);
  sonner.dismiss(id);
}

function push(kind: ToastKind, message: string, options: ToastOptions = {}): string {
  // The same text twice (a double click) shows once; a newer word on the same action replaces
  // the older one (the success after an error), in its place, so the old words are gone at once.
  const same = activeToasts().filter(
    (t) => t.message === message || (options.key !== undefined && t.key === options.key),
  );
  const id = same[0]?.id ?? `toast-${nextId++}`;
  for (const t of same.slice(1)) dismiss(t.id);
  const toast: Toast = {
    id,
    kind,
    message,
    ...(options.action && { action: options.action }),
    ...(options.key && { key: options.key }),
  };
  shown.set(id, toast);
  sonner.custom(() => createElement(ToastCard, { toast, onDismiss: () => dismiss(id) }), {
    id,
    duration: options.action ? DISMISS_ACTION_AFTER_MS : DISMISS_AFTER_MS,
  });
  const up = activeToasts();
  for (const old of up.slice(0, Math.max(0, up.length - MAX_TOASTS))) dismiss(old.id);
  return id;
}

/** Show a short message in the page's live region. Callable from anywhere, not only components. */
export const toast = {
  success: (message: string, options?: ToastOptions) => push('success', message, options),
  error: (message: string, options?: ToastOptions) => push('error', message, options),
  info: (message: string, options?: ToastOptions) => push('info', message, options),
  /** The action with this key succeeded without a word to say: its old error goes. */
  settle: (key: string) => {
    for (const t of activeToasts()) if (t.key === key) dismiss(t.id);
  },
};

export function clearToasts() {
  shown.clear();
  sonner.dismiss();
}
