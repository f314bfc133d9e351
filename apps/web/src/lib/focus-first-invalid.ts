const INVALID = '[aria-invalid="true"]';

/**
 * Moves the focus to the first field marked invalid inside `container`, in page order. Free of
 * React: the public site's contact form uses it too.
 */
export function focusFirstInvalid(container: ParentNode | null): boolean {
  const field = container?.querySelector<HTMLElement>(INVALID);
  if (!field) return false;
  field.focus();
  return true;
}
