// The web app's one UI kit: every screen, the editor's inspector and dialogs included, builds its
// buttons, fields and surfaces from these (docs/design.md, Components).
export { alertClass, buttonClass, controlClass, labelClass } from './looks.ts';
export type { ButtonSize, Density, Variant } from './looks.ts';
export { Alert } from './alert.tsx';
export { Badge } from './badge.tsx';
export { Button, ButtonLink } from './button.tsx';
export { Card } from './card.tsx';
export { CheckboxField } from './checkbox-field.tsx';
export { ColorField } from './color-field.tsx';
export { FieldDensity, useDensity } from './density.tsx';
export { Field, Fieldset, type FieldControlProps } from './field.tsx';
export { Container, PageHeader } from './layout.tsx';
export { NumberField } from './number-field.tsx';
export { RangeField } from './range-field.tsx';
export { Segmented } from './segmented.tsx';
export { SelectField, type SelectOption } from './select-field.tsx';
export { SidesField } from './sides-field.tsx';
export { Switch } from './switch.tsx';
export { TextField, type TextFieldProps } from './text-field.tsx';
export { useDraft } from './use-draft.ts';
