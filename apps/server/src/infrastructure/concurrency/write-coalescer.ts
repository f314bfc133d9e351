/**
 * Turns many one-item writes into few many-item writes without holding any item back: the first
 * item of a quiet moment is written at once (after the current round of the event loop, so items
 * handed in together go together), and items that arrive while a write is running go in the next
 * one. Under load each round trip carries many items; when idle nothing waits for a batch to fill.
 *
 * One write runs at a time. Each caller gets its own item's result, or the write's error.
 */
export class WriteCoalescer<Item, Result> {
  private queue: Array<{
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }> = [];
  private writing = false;

  /**
   * @param write writes the items and returns how to read each item's result from it.
   * @param maxItems the most items one write carries (a statement's size stays bounded).
   */
  constructor(
    private readonly write: (items: Item[]) => Promise<(item: Item) => Result>,
    private readonly maxItems: number,
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    // Lets the callers of this same round of the event loop join the first write: requests read
    // from different sockets in one poll phase each run in a task of their own, so waiting for
    // the microtasks alone would write the first of them by itself.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const waiting = this.queue.splice(0, this.maxItems);
      try {
        const resultOf = await this.write(waiting.map((entry) => entry.item));
        for (const entry of waiting) entry.resolve(resultOf(entry.item));
      } catch (error) {
        for (const entry of waiting) entry.reject(error);
      }
    }
    this.writing = false;
  }
}
