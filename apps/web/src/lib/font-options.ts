// The font select's options: the stacks packages/email offers, plus what the design already uses.
import { FONT_STACKS, type FontStack } from '@thankly/email';

/**
 * The options for a font select. A value not in the list (an older design, a stack pasted into a
 * brand) is kept as its own option so the select still shows it; an empty value is the select's
 * own "not set" option.
 */
export function fontOptions(current: string, { inherit = false } = {}): FontStack[] {
  const options = inherit
    ? [{ label: 'Same as email', value: 'inherit' }, ...FONT_STACKS]
    : [...FONT_STACKS];
  if (current && !options.some((o) => o.value === current)) {
    options.push({ label: current, value: current });
  }
  return options;
}
