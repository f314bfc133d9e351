/** Where the words are edited now that the inspector holds only settings. */
export function EditOnCanvasHint() {
  return (
    <p className="rounded-md bg-slate-50 p-2 text-xs text-slate-600">
      Type on the canvas to change the words; the toolbar above it formats them. Tokens like
      [customer-first-name] are filled in for each order.
    </p>
  );
}
