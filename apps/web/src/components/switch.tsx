/**
 * An on/off switch (role="switch"), named by the visible label the caller renders (`labelledBy`).
 * The track is emerald when on, slate when off; the state is also said in words beside it.
 */
export function Switch({
  checked,
  labelledBy,
  describedBy,
  disabled,
  onChange,
}: {
  checked: boolean;
  labelledBy: string;
  describedBy?: string;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`focus-ring relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-70 motion-reduce:transition-none ${
        checked ? 'bg-emerald-600' : 'bg-slate-300'
      }`}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${
          checked ? 'translate-x-6' : 'translate-x-1'
        }`}
      />
    </button>
  );
}
