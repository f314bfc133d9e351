// An on/off switch (role="switch"). With `label` it is a whole row, the label inside the button;
// without, it is the track alone, named by a visible label the caller renders (`labelledBy`).
// On pages the track is emerald when on (a state that is running); in the editor it is brand,
// like its other pressed controls. The state is also said in words where it matters.
import { useDensity } from './density.tsx';

const tracks = {
  regular: {
    track: 'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full',
    on: 'bg-emerald-600',
    knob: 'inline-block h-5 w-5 rounded-full bg-white shadow',
    knobOn: 'translate-x-6',
    knobOff: 'translate-x-1',
  },
  compact: {
    track: 'relative inline-flex h-5 w-9 shrink-0 rounded-full',
    on: 'bg-brand-600',
    knob: 'absolute top-0.5 h-4 w-4 rounded-full bg-white shadow',
    knobOn: 'translate-x-4',
    knobOff: 'translate-x-0.5',
  },
} as const;

function Track({ checked, className = '' }: { checked: boolean; className?: string }) {
  const look = tracks[useDensity()];
  return (
    <span
      aria-hidden="true"
      className={`${look.track} transition-colors motion-reduce:transition-none ${
        checked ? look.on : 'bg-slate-300'
      } ${className}`}
    >
      <span
        className={`${look.knob} transition-transform motion-reduce:transition-none ${
          checked ? look.knobOn : look.knobOff
        }`}
      />
    </span>
  );
}

export function Switch({
  checked,
  onChange,
  label,
  labelledBy,
  describedBy,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  disabled?: boolean;
}) {
  const common = {
    type: 'button' as const,
    role: 'switch',
    'aria-checked': checked,
    'aria-labelledby': labelledBy,
    'aria-describedby': describedBy,
    disabled,
    onClick: () => onChange(!checked),
  };
  if (label) {
    return (
      <button
        {...common}
        className="focus-ring flex w-full items-center justify-between gap-3 rounded-md py-1 text-sm text-slate-800"
      >
        <span className="text-xs font-semibold text-slate-700">{label}</span>
        <Track checked={checked} />
      </button>
    );
  }
  return (
    <button
      {...common}
      className="focus-ring inline-flex shrink-0 rounded-full disabled:opacity-70"
    >
      <Track checked={checked} />
    </button>
  );
}
