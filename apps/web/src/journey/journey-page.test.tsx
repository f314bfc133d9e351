import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JOURNEY_MESSAGES, type Journey, reviewIncentiveMessage } from '@thankly/api-contract';
import {
  SELLER,
  connectedShop,
  dashboardHandlers,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
  type Handler,
} from '../test/harness.tsx';
import {
  COUPON_ID,
  REVIEW_ID,
  SPRING_ID,
  STEP_A,
  STEP_B,
  SHOP_ID,
  STEP_C,
  STEP_D,
  TEMPLATES,
  journey,
  journeyStep,
  templateSummary,
} from './test-fixtures.ts';
import { SUGGESTION_TEXTS } from './journey-suggestions.tsx';
import { JOURNEY_SAVE_MESSAGES } from './use-journey-editor.ts';

function seller(
  reply: Journey,
  handlers: Record<string, Handler> = {},
  plan: 'free' | 'growth' = 'growth',
) {
  return mockApi({
    ...dashboardHandlers(),
    'GET /auth/me': () => json({ user: { ...SELLER, plan } }),
    'GET /templates/': () => json({ templates: TEMPLATES }),
    'GET /journey': () => json(reply),
    ...handlers,
  });
}

const AVAILABLE = { etsy: true, shopify: true, woocommerce: true };
const shopifyShop = connectedShop({
  id: SHOP_ID,
  marketplace: 'shopify',
  name: 'Hana’s Shopify',
  url: null,
});

const COUPON_WARNING = reviewIncentiveMessage({ kind: 'coupon', phrase: '[coupon-code]' });

const stepCard = async (name: string) =>
  within((await screen.findByRole('heading', { name, level: 3 })).closest('li')!);

describe('journey page', () => {
  useTestEnvironment();

  it('shows the thank-you first, then each step with a line saying when and to whom', async () => {
    seller(
      journey({
        steps: [
          journeyStep(),
          journeyStep({
            id: STEP_B,
            name: 'How did we do?',
            kind: 'review-request',
            templateId: REVIEW_ID,
            trigger: 'delivered',
            delay: { amount: 5, unit: 'days' },
            conditions: { buyer: 'returning', minTotal: null, productContains: null, shopId: null },
            sendWindow: { startHour: 9, endHour: 20 },
          }),
        ],
      }),
    );
    renderApp('/thankly/journey');
    const thankYou = await stepCard('Thank-you email');
    expect(thankYou.getByText('When the order is paid')).toBeTruthy();
    expect(thankYou.getByText('Spring thanks')).toBeTruthy();
    expect(thankYou.queryByRole('button', { name: /Remove/ })).toBeNull();
    const first = await stepCard('On its way');
    expect(first.getByTestId('step-summary').textContent).toBe('Right away when the order ships');
    const review = await stepCard('How did we do?');
    expect(review.getByTestId('step-summary').textContent).toBe(
      '5 days after delivery, 09:00–20:00, returning buyers only',
    );
    expect(review.getByText('Review request · Review please')).toBeTruthy();
    // Saved steps show their line; Edit opens their fields.
    expect(review.queryByLabelText('Template')).toBeNull();
    const edit = review.getByRole('button', { name: 'Edit "How did we do?"' });
    expect(edit.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(edit);
    expect((review.getByLabelText('Template') as HTMLSelectElement).value).toBe(REVIEW_ID);
    expect(
      review.getByRole('button', { name: 'Close "How did we do?"' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe('Europe/Athens');
    expect(document.title).toBe('Journey | Thankly');
  });

  it('with no follow-ups, suggests the usual ones; adding one makes its written emails and keeps the list', async () => {
    const { EMPTY_BRAND, starterDesigns } = await import('@thankly/email');
    const templates = [...TEMPLATES];
    // The server answers a journey never saved with the seller's own zone (Account).
    const api = seller(
      journey({ timeZone: 'America/New_York', thankYouTemplateName: null, stepLimit: -1 }),
      {
        'GET /templates/': () => json({ templates }),
        'GET /templates/gallery': () => json({ designs: starterDesigns(EMPTY_BRAND) }),
        'POST /templates': (body) => {
          const input = body as { name: string; subject: string; design: unknown };
          const id = `aaaaaaaa-aaaa-4aaa-8aaa-${String(templates.length).padStart(12, '0')}`;
          const summary = {
            ...templateSummary(id, input.name),
            subject: input.subject,
            html: `<!doctype html><p>${input.name}: the written email</p>`,
          };
          templates.push(summary);
          return json({ ...summary, design: input.design }, 201);
        },
      },
    );
    renderApp('/thankly/journey');
    await screen.findByRole('heading', { name: 'No follow-ups yet' });
    expect(screen.getByRole('link', { name: 'Choose one in Templates' })).toBeTruthy();
    // A new journey runs on the seller's own clock.
    expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe(
      'America/New_York',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add "On its way"' }));
    const shipped = await stepCard('Shipped: tracking');
    expect(shipped.getByTestId('step-summary').textContent).toBe('Right away when the order ships');
    expect(await shipped.findByText('Follow-up · Shipped: tracking')).toBeTruthy();
    expect(shipped.getByTitle('Preview of Shipped: tracking').getAttribute('srcdoc')).toContain(
      'Shipped: tracking: the written email',
    );
    expect(
      shipped.getByRole('link', { name: 'Edit email "Shipped: tracking"' }).getAttribute('href'),
    ).toMatch(/^\/thankly\/create\?id=aaaaaaaa-/);
    const delivered = await stepCard('Delivered: check-in');
    expect(delivered.getByTestId('step-summary').textContent).toBe('1 day after delivery');
    expect((shipped.getByLabelText('Template') as HTMLSelectElement).value).toBe(templates[3]!.id);
    // Each step's template is the gallery's starter, as written.
    const posts = api.callsTo('POST /templates').map((c) => c.body as Record<string, unknown>);
    expect(posts.map((b) => [b.name, b.subject])).toEqual([
      ['Shipped: tracking', 'Order [order-number] is on its way'],
      ['Delivered: check-in', 'Did your order arrive safely?'],
    ]);
    expect(JSON.stringify(posts[0]!.design)).toContain('[tracking-link]');

    // The suggestions stay, the one in use says so and can be added again.
    expect(screen.queryByRole('heading', { name: 'No follow-ups yet' })).toBeNull();
    const list = within(screen.getByRole('region', { name: 'Suggestions' }));
    const onItsWay = within(screen.getByTestId('suggestion-on-its-way'));
    expect(onItsWay.getByText('Already in your journey')).toBeTruthy();
    expect(
      (onItsWay.getByRole('button', { name: 'Add again "On its way"' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
    await userEvent.click(list.getByRole('button', { name: 'Add "How did we do?"' }));
    const review = await stepCard('Review request');
    expect((review.getByLabelText('Kind') as HTMLSelectElement).value).toBe('review-request');
    expect(review.getByTestId('step-summary').textContent).toBe('5 days after delivery');
    expect(
      within(screen.getByTestId('suggestion-how-did-we-do')).getByText('Already in your journey'),
    ).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('where a marketplace never reports delivery, suggested steps count from shipping instead', async () => {
    const { EMPTY_BRAND, starterDesigns } = await import('@thankly/email');
    let created = 0;
    seller(
      journey({
        stepLimit: -1,
        marketplaces: [{ marketplace: 'etsy', name: 'Etsy', orderEvents: ['paid', 'shipped'] }],
      }),
      {
        'GET /templates/gallery': () => json({ designs: starterDesigns(EMPTY_BRAND) }),
        'POST /templates': (body) => {
          const input = body as { name: string; design: unknown };
          const id = `bbbbbbbb-bbbb-4bbb-8bbb-${String(++created).padStart(12, '0')}`;
          return json({ ...templateSummary(id, input.name), design: input.design }, 201);
        },
      },
    );
    renderApp('/thankly/journey');
    const review = within(await screen.findByTestId('suggestion-how-did-we-do'));
    expect(review.getByText('10 days after shipping', { exact: false })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add "On its way"' }));
    const checkIn = await stepCard('Delivered: check-in');
    expect(checkIn.getByTestId('step-summary').textContent).toBe('6 days after shipping');
    // Nothing in it waits on an event Etsy never reports.
    expect(checkIn.queryByRole('status')).toBeNull();
  });

  it('says so when a suggestion cannot be added, and leaves the journey as it was', async () => {
    const { EMPTY_BRAND, starterDesigns } = await import('@thankly/email');
    seller(journey(), {
      'GET /templates/gallery': () => json({ designs: starterDesigns(EMPTY_BRAND) }),
      'POST /templates': () => json({ error: 'Boom' }, 500),
    });
    renderApp('/thankly/journey');
    await userEvent.click(await screen.findByRole('button', { name: 'Add "How did we do?"' }));
    expect(await screen.findByText(JOURNEY_SAVE_MESSAGES.addFailed('How did we do?'))).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Review request', level: 3 })).toBeNull();
    expect(screen.getByRole('heading', { name: 'No follow-ups yet' })).toBeTruthy();
  });

  it('a suggestion with more steps than the plan has room for is off, and says why', async () => {
    seller(journey({ stepLimit: 3, steps: [journeyStep({ name: 'Thanks again' })] }));
    renderApp('/thankly/journey');
    const onItsWay = within(await screen.findByTestId('suggestion-on-its-way'));
    expect(
      (onItsWay.getByRole('button', { name: 'Add "On its way"' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(onItsWay.getByText(SUGGESTION_TEXTS.noRoom(2))).toBeTruthy();
    const review = within(screen.getByTestId('suggestion-how-did-we-do'));
    expect(
      (review.getByRole('button', { name: 'Add "How did we do?"' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('saves the steps in their order with the ids of kept steps, and says so', async () => {
    const api = seller(journey({ steps: [journeyStep()] }), {
      'PUT /journey': (body) => {
        const input = body as { steps: Array<{ id?: string; name: string }> };
        return json(
          journey({
            steps: input.steps.map((s, i) =>
              journeyStep({
                ...s,
                id: s.id ?? STEP_B,
                templateId: i === 0 ? COUPON_ID : SPRING_ID,
              }),
            ),
          }),
        );
      },
    });
    renderApp('/thankly/journey');
    await stepCard('On its way');
    await userEvent.click(screen.getByRole('button', { name: 'Add a step' }));
    const added = await stepCard('New step');
    await userEvent.type(added.getByLabelText('Step name'), 'Come back soon');
    await userEvent.selectOptions(added.getByLabelText('Template'), COUPON_ID);
    await userEvent.selectOptions(added.getByLabelText('Starts counting'), 'delivered');
    await userEvent.clear(added.getByLabelText('Wait'));
    await userEvent.type(added.getByLabelText('Wait'), '30');
    await userEvent.selectOptions(added.getByLabelText('Wait unit'), 'days');
    await userEvent.type(added.getByLabelText('Order total at least'), '40');
    // Moved above "On its way", by keyboard: the focus stays on the step's move button.
    const up = added.getByRole('button', { name: 'Move "Come back soon" up' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Move "Come back soon" down'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save journey' }));
    await screen.findByText('Journey saved.');
    const [put] = api.callsTo('PUT /journey');
    expect(put!.body).toEqual({
      timeZone: 'Europe/Athens',
      steps: [
        {
          name: 'Come back soon',
          kind: 'follow-up',
          templateId: COUPON_ID,
          trigger: 'delivered',
          delay: { amount: 30, unit: 'days' },
          conditions: { buyer: 'any', minTotal: 40, productContains: null, shopId: null },
          sendWindow: null,
        },
        {
          id: STEP_A,
          name: 'On its way',
          kind: 'follow-up',
          templateId: SPRING_ID,
          trigger: 'shipped',
          delay: { amount: 0, unit: 'hours' },
          conditions: { buyer: 'any', minTotal: null, productContains: null, shopId: null },
          sendWindow: null,
        },
      ],
    });
    expect(screen.getByText('All changes saved')).toBeTruthy();
  });

  it('refuses to save with the schema’s messages beside the fields, and focuses the first', async () => {
    const api = seller(journey());
    renderApp('/thankly/journey');
    await screen.findByRole('heading', { name: 'No follow-ups yet' });
    await userEvent.click(screen.getByRole('button', { name: 'Add a step' }));
    const added = await stepCard('New step');
    await userEvent.clear(added.getByLabelText('Wait'));
    await userEvent.click(added.getByRole('switch', { name: 'Only send between set hours' }));
    await userEvent.selectOptions(added.getByLabelText('From'), '20');
    await userEvent.selectOptions(added.getByLabelText('Until'), '9');
    await userEvent.click(screen.getByRole('button', { name: 'Save journey' }));
    expect(await added.findByText(JOURNEY_MESSAGES.name)).toBeTruthy();
    expect(added.getByText(JOURNEY_MESSAGES.template)).toBeTruthy();
    expect(added.getByText(JOURNEY_MESSAGES.delay)).toBeTruthy();
    expect(added.getByText(JOURNEY_MESSAGES.window)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(added.getByLabelText('Step name')));
    expect(api.callsTo('PUT /journey')).toHaveLength(0);
    // Typing a name takes its message away.
    await userEvent.type(added.getByLabelText('Step name'), 'Hi');
    expect(added.queryByText(JOURNEY_MESSAGES.name)).toBeNull();
  });

  it('opens a closed step the save refused, with the message on its field', async () => {
    seller(journey({ steps: [journeyStep()] }));
    renderApp('/thankly/journey');
    const card = await stepCard('On its way');
    await userEvent.click(card.getByRole('button', { name: 'Edit "On its way"' }));
    await userEvent.clear(card.getByLabelText('Step name'));
    await userEvent.click(card.getByRole('button', { name: 'Close "New step"' }));
    expect(card.queryByLabelText('Step name')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save journey' }));
    expect(await card.findByText(JOURNEY_MESSAGES.name)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(card.getByLabelText('Step name')));
    expect(
      (card.getByRole('button', { name: 'Close "New step"' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('keeps every edit and shows the server’s message when the save is refused', async () => {
    seller(journey({ steps: [journeyStep()] }), {
      'PUT /journey': () => json({ error: JOURNEY_MESSAGES.planLimit('Growth', 3) }, 403),
    });
    renderApp('/thankly/journey');
    const card = await stepCard('On its way');
    await userEvent.click(card.getByRole('button', { name: 'Edit "On its way"' }));
    await userEvent.type(card.getByLabelText('A product title contains'), 'mug');
    await userEvent.click(screen.getByRole('button', { name: 'Save journey' }));
    expect(await screen.findByText(JOURNEY_MESSAGES.planLimit('Growth', 3))).toBeTruthy();
    expect((card.getByLabelText('A product title contains') as HTMLInputElement).value).toBe('mug');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(card.getByTestId('step-summary').textContent).toContain('products with “mug”');
  });

  it('removes a step after asking, and moves none past the ends', async () => {
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    seller(journey({ steps: [journeyStep(), journeyStep({ id: STEP_B, name: 'Later' })] }));
    renderApp('/thankly/journey');
    const first = await stepCard('On its way');
    expect(
      (first.getByRole('button', { name: 'Move "On its way" up' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const later = await stepCard('Later');
    expect(
      (later.getByRole('button', { name: 'Move "Later" down' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await userEvent.click(first.getByRole('button', { name: 'Remove "On its way"' }));
    expect(screen.getByRole('heading', { name: 'On its way' })).toBeTruthy();
    await userEvent.click(first.getByRole('button', { name: 'Remove "On its way"' }));
    expect(screen.queryByRole('heading', { name: 'On its way' })).toBeNull();
    expect(confirm).toHaveBeenCalledTimes(2);
    confirm.mockRestore();
  });

  it('at the plan’s emails per order, Add a step is off and says where to get more', async () => {
    seller(journey({ stepLimit: 1 }), {}, 'free');
    renderApp('/thankly/journey');
    const add = await screen.findByRole('button', { name: 'Add a step' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText(JOURNEY_MESSAGES.planLimit('Starter', 1), { exact: false }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/Account#plans',
    );
    expect(
      (screen.getByRole('button', { name: 'Add "On its way"' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('counts the thank-you in the limit: Growth holds two follow-ups', async () => {
    seller(
      journey({ stepLimit: 3, steps: [journeyStep(), journeyStep({ id: STEP_B, name: 'B' })] }),
    );
    renderApp('/thankly/journey');
    const add = await screen.findByRole('button', { name: 'Add a step' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText(JOURNEY_MESSAGES.planLimit('Growth', 3), { exact: false }),
    ).toBeTruthy();
  });

  it('warns about a coupon in a review request, from the server and right after a pick', async () => {
    const { createDefaultTemplate } = await import('@thankly/email');
    const withCoupon = createDefaultTemplate();
    seller(
      journey({
        steps: [
          journeyStep({
            kind: 'review-request',
            templateId: COUPON_ID,
            incentiveWarning: COUPON_WARNING,
          }),
        ],
      }),
      {
        'GET /templates/33333333-3333-4333-8333-333333333333': () =>
          json({ ...TEMPLATES[2], design: withCoupon.design }),
        'GET /templates/22222222-2222-4222-8222-222222222222': () =>
          json({
            ...TEMPLATES[1],
            design: { ...withCoupon.design, blocks: [] },
          }),
      },
    );
    renderApp('/thankly/journey');
    const card = await stepCard('On its way');
    expect(await card.findByText(COUPON_WARNING)).toBeTruthy();
    await userEvent.click(card.getByRole('button', { name: 'Edit "On its way"' }));
    await userEvent.selectOptions(card.getByLabelText('Template'), REVIEW_ID);
    await waitFor(() => expect(card.queryByText(COUPON_WARNING)).toBeNull());
    await userEvent.selectOptions(card.getByLabelText('Template'), COUPON_ID);
    expect(await card.findByText(COUPON_WARNING)).toBeTruthy();
    await userEvent.selectOptions(card.getByLabelText('Kind'), 'follow-up');
    expect(card.queryByText(COUPON_WARNING)).toBeNull();
  });

  it('notes a step waiting on delivery that some connected marketplaces never report, naming them from the server', async () => {
    const reportsDelivery = ['paid', 'shipped', 'delivered'] as const;
    const noDelivery = ['paid', 'shipped'] as const;
    seller(
      journey({
        steps: [
          journeyStep(),
          journeyStep({ id: STEP_B, name: 'Arrived', trigger: 'delivered' }),
          journeyStep({ id: STEP_C, name: 'A month on', trigger: 'after-previous' }),
          // Only the Shopify shop's orders, and Shopify reports delivery: nothing to note.
          journeyStep({
            id: STEP_D,
            name: 'Shopify arrivals',
            trigger: 'delivered',
            conditions: { buyer: 'any', minTotal: null, productContains: null, shopId: SHOP_ID },
          }),
        ],
        stepLimit: -1,
        marketplaces: [
          { marketplace: 'etsy', name: 'Etsy', orderEvents: [...noDelivery] },
          { marketplace: 'shopify', name: 'Shopify', orderEvents: [...reportsDelivery] },
          { marketplace: 'woocommerce', name: 'WooCommerce', orderEvents: [...noDelivery] },
        ],
      }),
      { 'GET /shops': () => json({ shops: [shopifyShop], available: AVAILABLE }) },
    );
    renderApp('/thankly/journey');
    const arrived = await stepCard('Arrived');
    expect(arrived.getByRole('status').textContent).toBe(
      'Etsy and WooCommerce don’t tell Thankly when a parcel is delivered, so this step is never sent for their orders: choose “When the order ships” with a wait instead.',
    );
    expect((await stepCard('A month on')).getByRole('status').textContent).toBe(
      'This step comes after one that waits for delivery: Etsy and WooCommerce don’t tell Thankly when a parcel is delivered, so neither is sent for their orders.',
    );
    expect((await stepCard('On its way')).queryByRole('status')).toBeNull();
    const shopifyOnly = await stepCard('Shopify arrivals');
    await shopifyOnly.findByText('Right away on delivery, Hana’s Shopify only');
    expect(shopifyOnly.queryByRole('status')).toBeNull();
    // Choosing shipping instead, the note goes at once, from this step and the one after it.
    await userEvent.click(arrived.getByRole('button', { name: 'Edit "Arrived"' }));
    await userEvent.selectOptions(arrived.getByLabelText('Starts counting'), 'shipped');
    expect(screen.queryByText(/tell Thankly/)).toBeNull();
  });

  it('asks for another template where a step’s template was deleted', async () => {
    seller(journey({ steps: [journeyStep({ templateId: null, templateName: null })] }));
    renderApp('/thankly/journey');
    const card = await stepCard('On its way');
    expect((card.getByLabelText('Template') as HTMLSelectElement).value).toBe('');
    expect(card.getByText('Its template was deleted: choose another.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add a step' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save journey' }));
    expect(await card.findByText(JOURNEY_MESSAGES.template)).toBeTruthy();
  });

  it('says so when the journey cannot be loaded, and tries again', async () => {
    let fail = true;
    seller(journey(), {
      'GET /journey': () => (fail ? json({ error: 'Boom' }, 500) : json(journey())),
    });
    renderApp('/thankly/journey');
    expect(await screen.findByText('Could not load your journey.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No follow-ups yet' })).toBeTruthy();
  });
});
