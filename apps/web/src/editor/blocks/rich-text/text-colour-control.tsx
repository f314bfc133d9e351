// The toolbar's text colour: a swatch (the native picker) and, once the words have a colour of
// their own, a button that takes it off again.
import { Baseline, X } from 'lucide-react';
import { ToolbarButton, control } from './toolbar-controls.tsx';

const HEX = /^#[0-9a-f]{6}$/i;

export function TextColourControl({
  color,
  disabled,
  onFocus,
  onPick,
  onRemove,
}: {
  color: string;
  disabled: boolean;
  onFocus: () => void;
  onPick: (color: string) => void;
  onRemove: () => void;
}) {
  return (
    <>
      <label
        className={`${control} relative gap-1 ${disabled ? 'opacity-40' : 'cursor-pointer'}`}
        title="Text colour"
      >
        <Baseline aria-hidden="true" className="size-4" />
        <input
          type="color"
          aria-label="Text colour"
          data-toolbar-item
          disabled={disabled}
          onFocus={onFocus}
          // The picker takes only #rrggbb; words without a colour of their own show near-black.
          value={HEX.test(color) ? color.toLowerCase() : '#111111'}
          onChange={(e) => onPick(e.target.value)}
          className="h-5 w-6 cursor-pointer rounded border border-slate-300 bg-white p-0"
        />
      </label>
      {color ? (
        <ToolbarButton label="Remove text colour" disabled={disabled} onClick={onRemove}>
          <X aria-hidden="true" className="size-4" />
        </ToolbarButton>
      ) : null}
    </>
  );
}
