// The toolbar's font and size selects. A font or size the words already have that the lists lack
// (pasted earlier, an older design) is added so the select can show it.
import { TEXT_FONT_SIZES } from '@thankly/email';
import { fontOptions } from '../../../lib/font-options.ts';
import { selectClass } from './toolbar-controls.tsx';

const SIZE_OPTIONS = TEXT_FONT_SIZES.map((size) => `${size}px`);

interface SelectProps {
  value: string;
  disabled: boolean;
  /** Selects take the focus: the text's selection is taken as it was shown first. */
  onFocus: () => void;
  onChange: (value: string | null) => void;
}

export function FontSelect({ value, disabled, onFocus, onChange }: SelectProps) {
  return (
    <select
      aria-label="Font"
      data-toolbar-item
      disabled={disabled}
      onFocus={onFocus}
      value={value}
      onChange={(e) => onChange(e.target.value || null)}
      className={`${selectClass} w-36`}
    >
      <option value="">Default font</option>
      {fontOptions(value).map((font) => (
        <option key={font.value} value={font.value}>
          {font.label}
        </option>
      ))}
    </select>
  );
}

export function FontSizeSelect({ value, disabled, onFocus, onChange }: SelectProps) {
  const sizes = value && !SIZE_OPTIONS.includes(value) ? [...SIZE_OPTIONS, value] : SIZE_OPTIONS;
  return (
    <select
      aria-label="Font size"
      data-toolbar-item
      disabled={disabled}
      onFocus={onFocus}
      value={value}
      onChange={(e) => onChange(e.target.value || null)}
      className={selectClass}
    >
      <option value="">Default size</option>
      {sizes.map((size) => (
        <option key={size} value={size}>
          {size}
        </option>
      ))}
    </select>
  );
}
