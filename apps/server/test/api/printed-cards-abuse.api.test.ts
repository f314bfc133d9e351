// A print batch is bounded work done off the event loop: a template with many QR codes, a batch of
// many orders or a seller asking again and again cannot freeze the API for everyone else.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_CARDS_PER_BATCH, tooManyQrCodes } from '@thankly/api-contract';
import { createDefaultTemplate, MAX_QR_CODES_PER_CARD } from '@thankly/email';
import type { CardRenderer } from '../../src/thank-by-hand/card-renderer.ts';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ dispatcher: { idleMs: 100 } });
});
afterAll(() => app?.close());

/** A link as long as a design allows makes the largest QR symbols: the most work per code. */
const link = (n: number, long: boolean) =>
  `https://shop.example/p/${n}?ref=${'x'.repeat(long ? 1_990 : 10)}`;

/** The default design with `buttons` more buttons, each a QR code on the card. */
function designWithButtons(buttons: number, long = buttons <= MAX_QR_CODES_PER_CARD) {
  const { design } = createDefaultTemplate();
  const extra = Array.from({ length: buttons }, (_, n) => ({
    id: `offer-${n}`,
    type: 'button',
    text: `Offer ${n + 1}`,
    url: link(n, long),
  }));
  // Only the added buttons carry links, so the card has exactly `buttons` QR codes.
  const blocks = (design.blocks as Array<Record<string, unknown>>).filter(
    (block) => block.type !== 'button',
  );
  return { ...design, blocks: [...blocks, ...extra] };
}

/** A seller with a demo shop, `orders` orders waiting for a card, and a template of `buttons`. */
async function sellerWithWaitingOrders(client: TestClient, orders: number, buttons: number) {
  const template = await selectDefaultTemplate(client, { design: designWithButtons(buttons) });
  const shop = await connectDemoShop(app, client);
  for (let i = 0; i < orders; i++) {
    const simulated = await client.post(`/api/shops/${shop.id}/demo-order`, {
      withoutBuyerEmail: true,
    });
    expect(simulated.status).toBe(200);
  }
  const items = await waitForActivity(client, settled(orders));
  return { template, ids: items.map((item) => (item as { id: string }).id) };
}

describe('a print batch', () => {
  test('of more orders than a batch holds is refused with a sentence for the seller', async () => {
    const { client } = await app.seller();
    const ids = Array.from({ length: MAX_CARDS_PER_BATCH + 1 }, () => crypto.randomUUID());
    const answer = await client.get(`/api/cards?ids=${ids.join(',')}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(
      `Choose at most ${MAX_CARDS_PER_BATCH} orders at a time, and print the rest in another batch.`,
    );
  });

  test('of a template with more QR codes than a card holds is refused, naming the template', async () => {
    const { client } = await app.seller();
    const buttons = MAX_QR_CODES_PER_CARD + 20;
    await sellerWithWaitingOrders(client, 1, buttons);
    const answer = await client.get('/api/cards');
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(tooManyQrCodes('Thanks', buttons, MAX_QR_CODES_PER_CARD));
    expect(answer.body.error).toContain('Leave off printed cards');
  });

  test('does not hold the API: /api/health answers while the cards are drawn', async () => {
    const { client } = await app.seller();
    // Five orders: as many as the free plan's daily limit lets into one batch.
    await sellerWithWaitingOrders(client, 5, MAX_QR_CODES_PER_CARD);
    const real = app.ctx.cardRenderer;
    let drawing!: () => void;
    const started = new Promise<void>((resolve) => (drawing = resolve));
    app.ctx.cardRenderer = {
      get drawn() {
        return real.drawn;
      },
      render(requests) {
        drawing();
        return real.render(requests);
      },
      close: () => real.close(),
    } satisfies CardRenderer;
    try {
      let batchDone = false;
      const batch = client.get('/api/cards').then((answer) => {
        batchDone = true;
        return answer;
      });
      await started;
      const health = await app.client().get('/api/health');
      expect(health.status).toBe(200);
      // Answered while the batch was still being drawn, not after it.
      expect(batchDone).toBe(false);
      const answer = await batch;
      expect(answer.status).toBe(200);
      expect(answer.body.cards).toHaveLength(5);
      expect(answer.body.cards[0].html.match(/data-card-qr/g)).toHaveLength(MAX_QR_CODES_PER_CARD);
    } finally {
      app.ctx.cardRenderer = real;
    }
  });

  test('is drawn once per order and template version: the same batch again comes from the cache, a new save draws anew', async () => {
    const { client } = await app.seller();
    const { template } = await sellerWithWaitingOrders(client, 2, 1);
    const drawnBefore = app.ctx.cardRenderer.drawn;
    const first = await client.get('/api/cards');
    expect(first.status).toBe(200);
    expect(app.ctx.cardRenderer.drawn - drawnBefore).toBe(2);

    const again = await client.get('/api/cards');
    expect(again.body.cards).toEqual(first.body.cards);
    expect(app.ctx.cardRenderer.drawn - drawnBefore).toBe(2);

    const design = designWithButtons(1);
    design.blocks.unshift({ id: 'fresh', type: 'heading', content: 'Fresh from the kiln' });
    const saved = await client.put(`/api/templates/${template.id}`, {
      name: 'Thanks',
      subject: 'Thank you!',
      design,
    });
    expect(saved.status).toBe(200);
    const republished = await client.get('/api/cards');
    expect(app.ctx.cardRenderer.drawn - drawnBefore).toBe(4);
    for (const card of republished.body.cards) expect(card.html).toContain('Fresh from the kiln');
    expect(first.body.cards[0].html).not.toContain('Fresh from the kiln');
  });
});

describe('print batch rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      rateLimits: { cardBatchPerUser: { max: 2, windowMs: 60_000 } },
    });
  });
  afterAll(() => limited?.close());

  test('counts per seller: the third batch in the window is 429, another seller is unaffected', async () => {
    const a = await limited.seller();
    const b = await limited.seller();
    expect((await a.client.get('/api/cards')).status).toBe(200);
    expect((await a.client.get('/api/cards')).status).toBe(200);
    const third = await a.client.get('/api/cards');
    expect(third.status).toBe(429);
    expect(third.body.error).toMatch(/^Too many requests\. Please wait ~\d+s and try again\.$/);
    expect((await b.client.get('/api/cards')).status).toBe(200);
  });
});
