// Printed cards are drawn in a worker thread and kept, per order and template version, in a
// bounded cache: a reprint, or the same batch opened again, costs nothing. A batch of 100 cards
// with a QR code per button took minutes of CPU and, drawn on the event loop, held every other
// request of the process for as long.
import { createHash } from 'node:crypto';
import type { Design, TemplateLanguage, TokenValues } from '@thankly/email';
import { createWorkerPool } from '../infrastructure/threads/worker-pool.ts';

/** One card to draw: the order, its template at one version, and the values that fill it. */
export interface CardRequest {
  orderId: string;
  template: {
    id: string;
    name: string;
    updatedAt: Date;
    design: Design;
    language: TemplateLanguage;
  };
  values: TokenValues;
}

/** What a worker thread is sent: each template once, and the cards that use them. */
export interface CardBatchTask {
  templates: Array<{ design: Design; language: TemplateLanguage }>;
  cards: Array<{ template: number; values: TokenValues }>;
}

export interface CardRenderer {
  /** Each request's card HTML, in order. */
  render(requests: readonly CardRequest[]): Promise<string[]>;
  /** Cards drawn (not served from the cache) since start: what tests and benchmarks read. */
  readonly drawn: number;
  close(): Promise<void>;
}

export interface CardRendererOptions {
  /** Worker threads drawing cards; one leaves the other core to the API. */
  threads?: number;
  /** The cache's bound, in characters of HTML (a card with QR codes is 10–40 KB). */
  cacheChars?: number;
}

/**
 * The key names the order, the template's id and saved version, and everything the order fills
 * in (the shop's name, the coupon): a change to any of them draws the card anew.
 */
function cacheKey({ orderId, template, values }: CardRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([orderId, template.id, template.updatedAt.getTime(), template.language]))
    .update(JSON.stringify(values))
    .digest('base64url');
}

/** Least recently used first out, bounded by the total length of the HTML it holds. */
function createCardCache(maxChars: number) {
  const entries = new Map<string, string>();
  let chars = 0;
  return {
    get(key: string): string | undefined {
      const html = entries.get(key);
      if (html === undefined) return undefined;
      entries.delete(key);
      entries.set(key, html);
      return html;
    },
    set(key: string, html: string): void {
      if (html.length > maxChars) return;
      const old = entries.get(key);
      if (old !== undefined) chars -= old.length;
      entries.delete(key);
      entries.set(key, html);
      chars += html.length;
      for (const [oldest, value] of entries) {
        if (chars <= maxChars) break;
        entries.delete(oldest);
        chars -= value.length;
      }
    },
  };
}

export function createCardRenderer(options: CardRendererOptions = {}): CardRenderer {
  const pool = createWorkerPool<CardBatchTask, string[]>(
    'thank-by-hand/card-render-worker',
    options.threads ?? 1,
  );
  const cache = createCardCache(options.cacheChars ?? 32 * 1024 * 1024);
  let drawn = 0;

  return {
    get drawn() {
      return drawn;
    },
    async render(requests) {
      const keys = requests.map(cacheKey);
      const html = keys.map((key) => cache.get(key));
      const missing = requests.flatMap((request, index) =>
        html[index] === undefined ? [{ request, index }] : [],
      );
      if (missing.length === 0) return html as string[];

      const task: CardBatchTask = { templates: [], cards: [] };
      const templateIndex = new Map<string, number>();
      for (const { request } of missing) {
        const version = `${request.template.id}:${request.template.updatedAt.getTime()}`;
        let index = templateIndex.get(version);
        if (index === undefined) {
          index = task.templates.push({
            design: request.template.design,
            language: request.template.language,
          });
          index -= 1;
          templateIndex.set(version, index);
        }
        task.cards.push({ template: index, values: request.values });
      }
      const drawnNow = await pool.run(task);
      drawn += drawnNow.length;
      missing.forEach(({ index }, i) => {
        html[index] = drawnNow[i]!;
        cache.set(keys[index]!, drawnNow[i]!);
      });
      return html as string[];
    },
    close: () => pool.close(),
  };
}
