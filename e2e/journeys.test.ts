// Post-purchase journeys in a real browser on the real server: the journey page on Starter (the
// thank-you only, Add a step held at the plan's limit), on Growth (steps added, saved, kept after a
// reload, a review request with a coupon warned about), and Recent orders following a demo shop
// order as it ships and is delivered, with a scheduled follow-up cancelled, and the note on a
// step waiting on delivery once a WooCommerce store (which never reports it) is connected.
// Screenshots at 1280 and 390 px, axe on each.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDefaultTemplate } from '@thankly/email';
import { JOURNEY_MESSAGES, reviewIncentiveMessage } from '@thankly/api-contract';
import {
  registerConfirmedThroughUi,
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  upgradeToGrowth,
  useBrowserSession,
  waitForApp,
} from './helpers.ts';
import { WooCommerceSimulator } from '../apps/server/test/support/woocommerce-simulator.ts';
import { checkAtWidths } from './support/check-at-widths.ts';

let store: WooCommerceSimulator;
beforeAll(async () => {
  store = await new WooCommerceSimulator().start();
});
afterAll(async () => {
  await store?.stop();
});

const session = useBrowserSession();

/** The default design without its coupon button: an email that rewards nothing. */
function designWithoutCoupon() {
  const { design } = createDefaultTemplate();
  return { ...design, blocks: design.blocks.filter((block) => block.id !== 'coupon') };
}

async function createTemplate(page: Page, name: string, withCoupon: boolean): Promise<string> {
  const design = withCoupon ? createDefaultTemplate().design : designWithoutCoupon();
  const created = await page.request.post('/api/templates', {
    // Not the name in the subject: "Review with coupon" reads as a reward for a review, refused.
    data: { name, subject: 'A note for [customer-first-name]', design },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function openJourney(page: Page): Promise<void> {
  await page.goto('/thankly/journey');
  await waitForApp(page);
  await page.getByRole('heading', { name: 'Journey', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Thank-you email', level: 3 }).waitFor();
}

/** The card of the step at `index` on the timeline (0 is the thank-you). */
function stepAt(page: Page, index: number): Locator {
  return page.locator('form ol > li').nth(index);
}

/** A follow-up step of the PUT /api/journey body, without its template. */
function step(name: string, trigger: string, amount: number, unit: 'hours' | 'days') {
  return {
    name,
    kind: 'follow-up',
    trigger,
    delay: { amount, unit },
    conditions: { buyer: 'any', minTotal: null, productContains: null, shopId: null },
    sendWindow: null,
  };
}

/**
 * A confirmed Growth seller with a selected thank-you, the journey `steps` (each sending one
 * template) and the demo shop connected; back on the dashboard.
 */
async function sellerWithJourneyAndDemoShop(
  page: Page,
  label: string,
  steps: ReturnType<typeof step>[],
): Promise<void> {
  await registerConfirmedThroughUi(page, session.app, { name: 'Olga', email: uniqueEmail(label) });
  await upgradeToGrowth(page);
  const thanksId = await createTemplate(page, 'Spring thanks', false);
  const noteId = await createTemplate(page, 'Follow-up note', false);
  await page.request.post(`/api/templates/selectors/select/${thanksId}`);
  const saved = await page.request.put('/api/journey', {
    data: {
      timeZone: 'Europe/Athens',
      steps: steps.map((s) => ({ ...s, templateId: noteId })),
    },
  });
  expect(saved.status()).toBe(200);
  const { url } = (await (await page.request.get('/api/etsy/connect')).json()) as { url: string };
  await page.goto(url);
  await page.getByRole('link', { name: 'Connect demo shop' }).click();
  await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
}

describe('journeys in a real browser', () => {
  it('on Starter, shows the thank-you alone and holds Add a step at the plan’s limit', async () => {
    const { page } = await session.open();
    await registerThroughUi(page, { name: 'Stella', email: uniqueEmail('journey-starter') });
    await page
      .getByRole('navigation', { name: 'App' })
      .getByRole('link', { name: 'Journey' })
      .click();
    await page.waitForURL(/\/thankly\/journey$/);
    await page.getByRole('heading', { name: 'No follow-ups yet' }).waitFor();
    expect(await page.title()).toBe('Journey | Thankly');
    await page.getByRole('link', { name: 'Choose one in Templates' }).waitFor();
    const add = page.getByRole('button', { name: 'Add a step' });
    expect(await add.isDisabled()).toBe(true);
    await page.getByText(JOURNEY_MESSAGES.planLimit('Starter', 1)).waitFor();
    expect(await page.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/Account#plans',
    );
    await checkAtWidths(page, 'journey-empty');
  });

  it('on Growth, adds steps, saves, keeps them after a reload and warns about a coupon', async () => {
    const { page } = await session.open();
    await registerThroughUi(page, { name: 'Grace', email: uniqueEmail('journey-growth') });
    await upgradeToGrowth(page);
    const thanksId = await createTemplate(page, 'Spring thanks', false);
    await createTemplate(page, 'Shipping note', false);
    await createTemplate(page, 'Review with coupon', true);
    await page.request.post(`/api/templates/selectors/select/${thanksId}`);

    await openJourney(page);
    await stepAt(page, 0).getByText('Spring thanks').waitFor();
    await page.getByRole('button', { name: 'Add a step' }).click();
    const shipping = stepAt(page, 1);
    await shipping.getByLabel('Step name').fill('On its way');
    await shipping.getByLabel('Template').selectOption({ label: 'Shipping note' });
    await shipping.getByLabel('Starts counting').selectOption('shipped');
    expect(await shipping.getByTestId('step-summary').innerText()).toBe(
      'Right away when the order ships',
    );

    await page.getByRole('button', { name: 'Add a step' }).click();
    const review = stepAt(page, 2);
    await review.getByLabel('Step name').fill('How did we do?');
    await review.getByLabel('Kind').selectOption('review-request');
    await review.getByLabel('Template').selectOption({ label: 'Review with coupon' });
    await review
      .getByText(reviewIncentiveMessage({ kind: 'coupon', phrase: '[coupon-code]' }))
      .waitFor();
    await review.getByLabel('Starts counting').selectOption('delivered');
    await review.getByLabel('Wait', { exact: true }).fill('5');
    await review.getByLabel('Wait unit').selectOption('days');
    await review.getByRole('switch', { name: 'Only send between set hours' }).click();
    await review.getByLabel('Buyer').selectOption('returning');
    expect(await review.getByTestId('step-summary').innerText()).toBe(
      '5 days after delivery, 09:00–20:00, returning buyers only',
    );
    // Growth sends 3 emails per order: the thank-you and two follow-ups.
    expect(await page.getByRole('button', { name: 'Add a step' }).isDisabled()).toBe(true);
    await page.getByText(JOURNEY_MESSAGES.planLimit('Growth', 3)).waitFor();

    await page.getByRole('button', { name: 'Save journey' }).click();
    await page.getByText('Journey saved.').waitFor();
    await page.getByText('All changes saved').waitFor();

    await page.reload();
    await waitForApp(page);
    await page.getByRole('heading', { name: 'How did we do?', level: 3 }).waitFor();
    expect(await stepAt(page, 1).getByRole('heading', { level: 3 }).innerText()).toBe('On its way');
    expect(await stepAt(page, 2).getByTestId('step-summary').innerText()).toBe(
      '5 days after delivery, 09:00–20:00, returning buyers only',
    );
    // The server's own check of the saved step says the same.
    await stepAt(page, 2)
      .getByText(reviewIncentiveMessage({ kind: 'coupon', phrase: '[coupon-code]' }))
      .waitFor();
    await checkAtWidths(page, 'journey-steps-closed');
    await page.getByRole('button', { name: 'Edit "How did we do?"' }).click();
    expect(await stepAt(page, 2).getByLabel('Buyer').inputValue()).toBe('returning');
    await checkAtWidths(page, 'journey-steps-warning');

    // Moved by keyboard: the review request goes first, and the focus stays with it.
    await page.getByRole('button', { name: 'Move "How did we do?" up' }).focus();
    await page.keyboard.press('Enter');
    expect(await stepAt(page, 1).getByRole('heading', { level: 3 }).innerText()).toBe(
      'How did we do?',
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Move "How did we do?" down',
    );
  });

  it('adds a suggestion with its emails written and branded, keeps the suggestions, opens an email in the editor', async () => {
    const { page } = await session.open();
    await registerThroughUi(page, { name: 'Sunny', email: uniqueEmail('journey-suggestions') });
    await upgradeToGrowth(page);
    const thanksId = await createTemplate(page, 'Spring thanks', false);
    await page.request.post(`/api/templates/selectors/select/${thanksId}`);
    const brand = await page.request.put('/api/brand', { data: { primaryColor: '#0f766e' } });
    expect(brand.status()).toBe(200);

    await openJourney(page);
    await page.getByRole('heading', { name: 'No follow-ups yet' }).waitFor();
    await page.getByRole('button', { name: 'Add "On its way"' }).click();
    const shipped = stepAt(page, 1);
    const delivered = stepAt(page, 2);
    await shipped.getByRole('heading', { name: 'Shipped: tracking', level: 3 }).waitFor();
    await delivered.getByRole('heading', { name: 'Delivered: check-in', level: 3 }).waitFor();
    await shipped.getByText('Follow-up · Shipped: tracking').waitFor();
    await delivered.getByText('Follow-up · Delivered: check-in').waitFor();
    // Each step's preview shows its written email, in the brand's colour.
    const shippedPreview = shipped.frameLocator('iframe[title="Preview of Shipped: tracking"]');
    await shippedPreview.getByText('is with the carrier now', { exact: false }).waitFor();
    await shippedPreview.getByText('Track your parcel').waitFor();
    expect(
      await shipped.locator('iframe[title="Preview of Shipped: tracking"]').getAttribute('srcdoc'),
    ).toContain('#0f766e');
    const deliveredPreview = delivered.frameLocator(
      'iframe[title="Preview of Delivered: check-in"]',
    );
    await deliveredPreview.getByText('should be with you now', { exact: false }).waitFor();

    // The suggestions stay: the one in use says so; the others wait for room on the plan.
    const suggestions = page.getByRole('region', { name: 'Suggestions' });
    await suggestions
      .getByTestId('suggestion-on-its-way')
      .getByText('Already in your journey')
      .waitFor();
    await suggestions.getByRole('button', { name: 'Add "How did we do?"' }).waitFor();
    await checkAtWidths(page, 'journey-suggestion-added');
    // Closer, on a phone: a step's preview once on screen, and the suggestions.
    await page.setViewportSize({ width: 390, height: 900 });
    await delivered
      .getByTestId('step-email-preview')
      .screenshot({ path: screenshotPath('journey-suggestion-preview-390') });
    await suggestions.screenshot({ path: screenshotPath('journey-suggestions-390') });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Save journey' }).click();
    await page.getByText('Journey saved.').waitFor();
    await page.getByText('All changes saved').waitFor();
    await page.reload();
    await waitForApp(page);
    await stepAt(page, 1).getByRole('heading', { name: 'Shipped: tracking', level: 3 }).waitFor();

    // Edit email opens the step's own template in the editor, its words there to change.
    await stepAt(page, 1).getByRole('link', { name: 'Edit email "Shipped: tracking"' }).click();
    await page.waitForURL(/\/thankly\/create\?id=/);
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    const canvas = page.getByTestId('editor-canvas');
    await canvas.getByText('Track your parcel').waitFor();
    await canvas.getByText('is with the carrier now', { exact: false }).waitFor();
    expect(await page.getByLabel('Template Name').inputValue()).toBe('Shipped: tracking');
    // A step after shipping fills the tracking link: the editor does not call it empty.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('status', { name: 'Tokens that will be empty' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('journey-suggestion-editor-1280') });
  });

  it('notes a step waiting on delivery that a connected WooCommerce store never reports', async () => {
    const { page } = await session.open();
    await sellerWithJourneyAndDemoShop(page, 'journey-woo-delivery', [
      step('On its way', 'shipped', 0, 'hours'),
      step('Did it arrive?', 'delivered', 2, 'days'),
    ]);
    const connected = await page.request.post('/api/woocommerce/shops', {
      data: {
        storeUrl: store.url,
        consumerKey: store.consumerKey,
        consumerSecret: store.consumerSecret,
      },
    });
    expect(connected.status()).toBe(201);
    await openJourney(page);
    const arrived = stepAt(page, 2);
    await arrived.getByRole('heading', { name: 'Did it arrive?', level: 3 }).waitFor();
    // The demo shop reports delivery: only WooCommerce is named.
    expect(await arrived.getByRole('status').innerText()).toBe(
      'WooCommerce doesn’t tell Thankly when a parcel is delivered, so this step is never sent for WooCommerce orders: choose “When the order ships” with a wait instead.',
    );
    expect(await stepAt(page, 1).getByRole('status').count()).toBe(0);
    await checkAtWidths(page, 'journey-unreported-delivery');
  });

  it('shows an order’s follow-ups under it and cancels a scheduled one', async () => {
    const { page } = await session.open();
    await sellerWithJourneyAndDemoShop(page, 'journey-cancel', [
      step('Welcome note', 'paid', 0, 'hours'),
      step('Come back soon', 'paid', 3, 'days'),
    ]);
    await page.getByRole('button', { name: 'Simulate a paid order' }).click();
    const orders = page.getByRole('region', { name: 'Recent orders' });
    const steps = orders.getByRole('list', { name: /^Follow-up emails of order / });
    const welcome = steps.getByRole('listitem').filter({ hasText: 'Welcome note' });
    const later = steps.getByRole('listitem').filter({ hasText: 'Come back soon' });
    await later.getByText('Scheduled').waitFor({ timeout: 30_000 });
    await welcome.getByText('Sent', { exact: true }).waitFor({ timeout: 45_000 });
    await orders.getByText('Paid', { exact: true }).waitFor();
    await checkAtWidths(page, 'journey-orders-with-steps');

    page.once('dialog', (dialog) => void dialog.accept());
    await later.getByRole('button', { name: /^Cancel "Come back soon" for order / }).click();
    await page.getByText('Email cancelled - it will not be sent.').waitFor();
    await later.getByText('Skipped').waitFor();
    await later.getByText('You cancelled this email.').waitFor();
    expect(await later.getByRole('button').count()).toBe(0);
    await checkAtWidths(page, 'journey-orders-cancelled-step');
  });

  it('follows a demo order as it ships and is delivered', async () => {
    const { page } = await session.open();
    await sellerWithJourneyAndDemoShop(page, 'journey-demo-events', [
      step('On its way', 'shipped', 0, 'hours'),
      step('How was it?', 'delivered', 5, 'days'),
    ]);
    await page.getByRole('button', { name: 'Simulate a paid order' }).click();
    const orders = page.getByRole('region', { name: 'Recent orders' });
    await orders.getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });

    await orders.getByRole('button', { name: /^Mark shipped for order / }).click();
    await page.getByText(/marked as shipped\.$/).waitFor();
    await orders.getByText('Shipped', { exact: true }).waitFor();
    const steps = orders.getByRole('list', { name: /^Follow-up emails of order / });
    const shipped = steps.getByRole('listitem').filter({ hasText: 'On its way' });
    await expect
      .poll(() => shipped.innerText(), { timeout: 45_000, interval: 1000 })
      .toMatch(/Sent|Sending/);
    expect(await orders.getByRole('button', { name: /^Mark shipped for order / }).count()).toBe(0);

    await orders.getByRole('button', { name: /^Mark delivered for order / }).click();
    await page.getByText(/marked as delivered\.$/).waitFor();
    const review = steps.getByRole('listitem').filter({ hasText: 'How was it?' });
    await review.getByText('Scheduled').waitFor({ timeout: 30_000 });
    await checkAtWidths(page, 'journey-orders-demo-delivered');

    await orders.getByRole('button', { name: /^Refund for order / }).click();
    await page.getByText(/refunded - its follow-up emails stop\.$/).waitFor();
    await orders.getByText('Refunded or cancelled', { exact: true }).waitFor();
    await review.getByText('Skipped').waitFor({ timeout: 30_000 });
  });
});
