// Button, alert and form-control looks, free of React: the public site's scripts draw them with
// these too, and the few controls whose markup is their own (a contact form's textarea, a date
// range) take their look from here rather than copying the classes.
export type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
/**
 * `md` is a page's button; `sm` the editor's toolbar and dialog buttons, beside a canvas that needs
 * the room; `xs` a button drawn on the canvas itself (a column's Add column).
 */
export type ButtonSize = 'md' | 'sm' | 'xs';
/** `regular` is a page form; `compact` the editor's inspector and toolbar dialogs. */
export type Density = 'regular' | 'compact';

const base: Record<ButtonSize, string> = {
  md: 'focus-ring inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
  sm: 'focus-ring inline-flex items-center justify-center gap-2 rounded-lg px-3 py-1.5 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40',
  xs: 'focus-ring rounded px-2 py-0.5 text-xs font-medium shadow-sm disabled:opacity-40',
};
const variants: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-600 text-white hover:bg-red-700',
};

const editorSecondary = 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50';

export function buttonClass(
  variant: Variant = 'primary',
  extra = '',
  size: ButtonSize = 'md',
): string {
  // The editor's small buttons sit among slate-700 labels; a page's among slate-900 headings.
  const look = size !== 'md' && variant === 'secondary' ? editorSecondary : variants[variant];
  return `${base[size]} ${look} ${extra}`.trim();
}

const alertTones = {
  error: 'border-red-200 bg-red-50 text-red-900',
  info: 'border-slate-200 bg-slate-50 text-slate-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
} as const;

export function alertClass(tone: keyof typeof alertTones): string {
  return `rounded-lg border px-4 py-3 text-sm ${alertTones[tone]}`;
}

const controlBase: Record<Density, string> = {
  regular:
    'focus-ring block w-full rounded-lg border bg-white px-3 py-2 text-base shadow-sm sm:text-sm',
  compact: 'focus-ring block w-full rounded-md border bg-white px-2 py-1.5 text-sm shadow-sm',
};

/** A text input, select or textarea; red-bordered while its value is refused. */
export function controlClass(density: Density = 'regular', invalid = false, extra = ''): string {
  return `${controlBase[density]} ${invalid ? 'border-red-500' : 'border-slate-300'} ${extra}`.trim();
}

export const labelClass: Record<Density, string> = {
  regular: 'mb-1 block text-sm font-medium text-slate-800',
  compact: 'block text-xs font-semibold text-slate-700',
};
