// How tight the fields are is the area's choice, not each field's: a page form is `regular`, the
// editor's inspector and toolbar dialogs wrap their fields in `compact` once, and every field
// inside takes the look from here with the same props.
import { createContext, useContext, type ReactNode } from 'react';
import type { Density } from './looks.ts';

const DensityContext = createContext<Density>('regular');

export function FieldDensity({ value, children }: { value: Density; children: ReactNode }) {
  return <DensityContext value={value}>{children}</DensityContext>;
}

export function useDensity(): Density {
  return useContext(DensityContext);
}
