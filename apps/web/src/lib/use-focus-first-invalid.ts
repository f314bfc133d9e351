import { useCallback, useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from './focus-first-invalid.ts';

export { focusFirstInvalid };

/**
 * For a form whose errors arrive through state: put the returned ref on the form (or the element
 * around its fields) and call the returned function in the same event that sets the errors. Once
 * React has drawn them (aria-invalid on the fields) the first invalid field gets the focus, so
 * keyboard and screen-reader users land on what to fix.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request > 0) focusFirstInvalid(ref.current);
  }, [request]);
  const focusAfterRender = useCallback(() => setRequest((n) => n + 1), []);
  return [ref, focusAfterRender] as const;
}
