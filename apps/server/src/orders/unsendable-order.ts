/**
 * An order whose email cannot be made from what is stored (an order row or a template design that
 * fails its schema). Trying again would read the same data and fail the same way, so the order is
 * recorded as failed at once, with a reason the seller can read, instead of being retried.
 */
export class UnsendableOrderError extends Error {
  override readonly name = 'UnsendableOrderError';
  constructor(
    /** For the seller's activity list. */
    readonly reason: string,
    /** For the operator's logs (which schema rule failed). */
    readonly detail: string,
  ) {
    super(`${reason} (${detail})`);
  }
}
