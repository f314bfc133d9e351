// What the buyer receives, in a real browser: the seller corrects their shop's web address on the
// dashboard and the next email's button leads there; the buyer's unsubscribe page wears the
// shop's colours, confirms in one line, and undoes. Screenshots at 1280 and 390 px land in
// e2e/artifacts/ (shop-address-*, unsubscribe-*).
import { describe, expect, it } from 'vitest';
import { SHOP_ADDRESS_MESSAGES } from '@thankly/api-contract';
import { createDefaultTemplate } from '@thankly/email';
import {
  callFromPage as call,
  registerConfirmedThroughUi,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';
import { checkAtWidths } from './support/check-at-widths.ts';

const session = useBrowserSession();
const SHOP_ADDRESS = 'https://olive-and-thread.example/shop';

describe('what the buyer receives', () => {
  it('the shop’s web address is edited on the dashboard, and the buyer can unsubscribe and undo', async () => {
    const { page } = await session.open();
    const email = uniqueEmail('buyer');
    await registerConfirmedThroughUi(page, session.app, { name: 'Olive Thread', email });
    await call(page, 'PUT', '/api/brand', { primaryColor: '#2f6b4f' });
    const { design } = createDefaultTemplate();
    design.blocks.push({
      id: 'visit',
      type: 'button',
      text: 'Visit the shop',
      url: '[shop-url]',
    } as (typeof design.blocks)[number]);
    const template = await call<{ id: string }>(page, 'POST', '/api/templates', {
      name: 'Thanks',
      subject: 'Thank you, [customer-first-name|friend]!',
      design,
    });
    await call(page, 'POST', `/api/templates/selectors/select/${template.id}`);
    const { url } = await call<{ url: string }>(page, 'GET', '/api/etsy/connect');
    await page.goto(url);
    await page.getByRole('link', { name: 'Connect demo shop' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();

    // The demo shop came with an address of its own: its storefront.
    const field = page.getByLabel('Shop web address');
    await expect.poll(() => field.inputValue()).toMatch(/\/api\/demo-marketplace\/shops\/demo-/);
    await field.scrollIntoViewIfNeeded();
    await checkAtWidths(page, 'shop-address');

    await field.fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'https://' }).first().textContent())
      .toBe(SHOP_ADDRESS_MESSAGES.notWebAddress);
    await field.fill(SHOP_ADDRESS);
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('buttons in your emails now lead to the new address').waitFor();
    await checkAtWidths(page, 'shop-address-saved');

    // A paid order: the email's button leads to the address just saved.
    const { shops } = await call<{ shops: { id: string }[] }>(page, 'GET', '/api/shops');
    await call(page, 'POST', `/api/shops/${shops[0]!.id}/demo-order`, {});
    const mail = await session.app.mail.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('Thank you'),
      30_000,
    );
    expect(mail.text).toContain(`Visit the shop: ${SHOP_ADDRESS}`);
    expect(mail.html).not.toMatch(/\shref=""/);
    const unsubscribe = /Unsubscribe: (\S+)/.exec(mail.text)?.[1];
    expect(unsubscribe).toBeDefined();

    // The buyer's side: the shop's page, not a bare one.
    await page.goto(unsubscribe!);
    await page.getByRole('heading', { name: 'Unsubscribe from Demo Shop?' }).waitFor();
    const button = page.getByRole('button', { name: 'Unsubscribe' });
    expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(
      'rgb(47, 107, 79)',
    );
    await checkAtWidths(page, 'unsubscribe-ask');
    await button.click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await page.getByText(`Demo Shop will not email ${email} again.`).waitFor();
    await checkAtWidths(page, 'unsubscribe-done');
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('heading', { name: 'You are subscribed again' }).waitFor();
    await checkAtWidths(page, 'unsubscribe-undone');
  }, 180_000);
});
