// "Parse once, render many": the sender renders one template for many orders, and the editor
// re-renders on every keystroke. A design that parseDesign has validated is frozen (so it cannot
// drift from what was checked) and remembered, and renderEmail skips validating it again.
import type { Design } from './design.ts';

const validatedDesigns = new WeakSet<object>();

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

export function markValidated(design: Design): Design {
  deepFreeze(design);
  validatedDesigns.add(design);
  return design;
}

export function isValidatedDesign(value: unknown): value is Design {
  return typeof value === 'object' && value !== null && validatedDesigns.has(value);
}
