// The web app's one UI kit: every screen, the editor's inspector and dialogs included, builds its
// buttons, fields and surfaces from these (docs/design.md, Components). The controls only the
// editor's inspector uses (colour, number, range, sides, segmented, checkbox) are imported from
// their own files: re-exported here, every page's shared chunk would carry them.
export { alertClass, buttonClass, controlClass, labelClass } from './looks.ts';
export type { ButtonSize, Density, Variant } from './looks.ts';
export { Alert } from './alert.tsx';
export { Badge } from './badge.tsx';
export { Button, ButtonLink } from './button.tsx';
export { Card } from './card.tsx';
export { FieldDensity, useDensity } from './density.tsx';
export { Field, Fieldset, type FieldControlProps } from './field.tsx';
export { Container, PageHeader } from './layout.tsx';
export { SelectField, type SelectOption } from './select-field.tsx';
export { Switch } from './switch.tsx';
export { TextField, type TextFieldProps } from './text-field.tsx';
export { Timeline, TimelineItem, type TimelineTone } from './timeline.tsx';
