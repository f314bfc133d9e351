// A seller without a coupon code: the editor and the dashboard say [coupon-code] will be empty,
// the first template goes out without a click, and a real order's email has no empty coupon pill.
import { describe, expect, it } from 'vitest';
import {
  registerConfirmedThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
  openDefaultTemplate,
} from './helpers.ts';

const session = useBrowserSession();
const COUPON_WARNING =
  'You have no coupon code saved, so buyers won’t see the part that shows [coupon-code].';
/** A link with nothing inside: the empty purple pill buyers used to get. */
const EMPTY_LINK = /<a [^>]*>\s*<\/a>/;

describe('tokens a real order leaves empty', () => {
  it('are warned about in the editor and on the dashboard, and their blocks are left out of the email', async () => {
    const { page } = await session.open();
    const email = uniqueEmail('no-coupon');
    await registerConfirmedThroughUi(page, session.app, { name: 'Irini', email });

    // The editor: the default template's coupon button, and no coupon code saved.
    await openDefaultTemplate(page);
    const editorNotice = page.getByRole('status', { name: 'Tokens that will be empty' });
    await editorNotice.getByText(COUPON_WARNING, { exact: false }).waitFor();
    await page.screenshot({ path: screenshotPath('empty-tokens-editor-1280') });
    await page.getByLabel('Template Name').fill('Coupon thanks');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Template created!').waitFor();
    // Saving keeps the seller in the editor; the way back leads to the dashboard.
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    await page.getByRole('link', { name: '← Back' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();

    // The first template is selected without a click, and the dashboard repeats the warning.
    const card = page.getByRole('listitem', { name: 'Coupon thanks' });
    await card.getByText('Selected', { exact: true }).waitFor();
    const today = page.getByRole('region', { name: 'Sending today' });
    await today.getByText('Coupon thanks').waitFor();
    await today.getByText(COUPON_WARNING, { exact: false }).waitFor();

    // The test email shows what buyers get (no sample code), and says why.
    await card.getByRole('button', { name: 'Send test of Coupon thanks' }).click();
    await page.getByText('Test email sent! Check your inbox...').waitFor();
    await page.getByRole('status').getByText(COUPON_WARNING, { exact: false }).first().waitFor();
    const test = await session.app.mail.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('[Test]'),
      10_000,
    );
    expect(test.html).not.toContain('THANKYOU20');
    expect(test.html).not.toMatch(EMPTY_LINK);

    // A real order from the demo shop: no empty button, no stray colon in the text part.
    await page.getByRole('button', { name: 'Try the demo shop' }).click();
    await page.getByRole('link', { name: 'Connect demo shop' }).click();
    await page.getByRole('heading', { name: 'Your Thank-You Notes' }).waitFor();
    await page.getByRole('button', { name: 'Simulate a paid order' }).click();
    const order = await session.app.mail.waitFor(
      (m) =>
        m.to.includes(email) &&
        m.subject.startsWith('Thank you') &&
        m.rawHeaders.get('feedback-id')?.startsWith('thankyou:') === true,
      20_000,
    );
    expect(order.html).toContain('Just use this code at checkout:');
    expect(order.html).not.toMatch(EMPTY_LINK);
    expect(order.text).not.toMatch(/^\s*:/m);
    expect(order.text).toContain('Just use this code at checkout:\n\nWith gratitude,');

    await today.getByText(COUPON_WARNING, { exact: false }).waitFor();
    await page.screenshot({ path: screenshotPath('empty-tokens-dashboard-1280'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // The warning wraps inside the card on a phone (its longest word is a token).
    expect(await today.evaluate((card) => card.scrollWidth - card.clientWidth)).toBeLessThanOrEqual(
      0,
    );
    expect(await today.evaluate((card) => card.getBoundingClientRect().right)).toBeLessThanOrEqual(
      390,
    );
    await today.screenshot({ path: screenshotPath('empty-tokens-dashboard-390') });

    // Saving a coupon code ends the warning.
    await page.getByLabel('Coupon code').fill('IRINI10');
    await page.getByRole('button', { name: 'Save code' }).click();
    await page.getByText('Coupon code saved.').waitFor();
    await today.getByText(COUPON_WARNING, { exact: false }).waitFor({ state: 'detached' });

    // The editor on a phone: the demo shop came with a web address (its storefront) and the coupon
    // code is saved, so neither is named; a token no thank-you at payment can fill is, and the
    // notice says what that means within the screen.
    await card.getByRole('link', { name: 'Edit Coupon thanks' }).click();
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    await page.getByLabel('Email Subject').fill('Your order is on its way: [tracking-number]');
    const phoneNotice = page.getByRole('status', { name: 'Tokens that will be empty' });
    await phoneNotice.getByText('before there is a tracking number', { exact: false }).waitFor();
    expect(await phoneNotice.getByText(COUPON_WARNING, { exact: false }).count()).toBe(0);
    expect(
      await phoneNotice.getByText('Your shop has no web address saved', { exact: false }).count(),
    ).toBe(0);
    expect(
      await phoneNotice.evaluate((notice) => notice.getBoundingClientRect().right),
    ).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('empty-tokens-editor-390') });
  });
});
