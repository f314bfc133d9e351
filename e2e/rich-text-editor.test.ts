// Issue 7 in a real browser: a seller writes and formats words in place on the canvas (typing,
// shortcuts, toolbar, link, inline and block images, tokens, a rich paste that arrives as plain
// text, undo), saves, reopens and finds the same content, and receives it in a test email rendered
// by the same renderer from the same stored design.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { TEST_UNSUBSCRIBE_TOKEN } from '../apps/server/src/buyer-email/compose-buyer-email.ts';
import {
  unsubscribeUrl,
  withUnsubscribeFooter,
} from '../apps/server/src/buyer-email/unsubscribe-links.ts';
import {
  renderEmailForOrder,
  sampleTokenValues,
  sanitizeRichText,
  type Design,
} from '@thankly/email';
import {
  registerConfirmedThroughUi,
  registerThroughUi,
  screenshotPath,
  uniqueEmail,
  type WatchedPage,
  useBrowserSession,
  openDefaultTemplate,
} from './helpers.ts';

const session = useBrowserSession();
let current: WatchedPage | null = null;

/** Waits until the editor holds the keyboard focus (Tiptap moves it on the next animation frame). */
async function hasFocus(editor: Locator): Promise<void> {
  await expect
    .poll(() =>
      editor.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)),
    )
    .toBe(true);
}

const block = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Text formatting' });

async function press(page: Page, key: string, times = 1) {
  for (let i = 0; i < times; i += 1) await page.keyboard.press(key);
}

/** The block's html as the editor holds it right now, read from Preview HTML's source of truth. */
async function textHtml(editor: Locator) {
  return editor.evaluate((el) => el.innerHTML);
}

interface SavedTemplate {
  id: string;
  design: Design;
}

describe('rich-text editing', () => {
  it('types, formats, links, inserts images, pastes plain text, saves, reopens and mails it', async () => {
    current = await session.open();
    const { page } = current;
    const email = uniqueEmail('richtext');
    await registerConfirmedThroughUi(page, session.app, { name: 'Sofia', email });
    // The rich-text engine (a chunk of its own) arrives only after the first click.
    let releaseEngine = () => {};
    const engineHeld = new Promise<void>((resolve) => (releaseEngine = resolve));
    let engineRequests = 0;
    await page.route('**/assets/rich-text-editor-*.js', async (route) => {
      engineRequests += 1;
      await engineHeld;
      await route.continue();
    });
    await openDefaultTemplate(page);
    const canvas = page.getByTestId('editor-canvas');
    const bold = toolbar(page).getByRole('button', { name: 'Bold' });
    expect(await bold.isDisabled()).toBe(true);

    // Click into a text block: it becomes editable in place and the toolbar wakes up.
    await block(page, 'Text block 5').click();
    // Before the editor's code arrives, something above loads and pushes the words down: the
    // editor still opens with the keyboard in it.
    const spacer = await canvas.evaluateHandle((el) =>
      el.insertAdjacentElement(
        'afterbegin',
        Object.assign(document.createElement('div'), { style: 'height:120px' }),
      ),
    );
    expect(engineRequests).toBe(1);
    releaseEngine();
    const editor = canvas.getByRole('textbox', { name: 'Text' });
    await editor.waitFor();
    await hasFocus(editor);
    await spacer.evaluate((el) => el?.remove());
    expect(await bold.isDisabled()).toBe(false);
    await press(page, 'ControlOrMeta+a');
    await page.keyboard.type('Hello ');
    await press(page, 'ControlOrMeta+b');
    // The toolbar shows the stored mark once React has drawn the editor's new state.
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('bold');
    await press(page, 'ControlOrMeta+b');
    await page.keyboard.type(' and ');
    await toolbar(page).getByRole('button', { name: 'Italic' }).click();
    await page.keyboard.type('italic');
    await toolbar(page).getByRole('button', { name: 'Italic' }).click();
    await page.keyboard.type(' and ');
    await press(page, 'ControlOrMeta+u');
    await page.keyboard.type('under');
    await press(page, 'ControlOrMeta+u');
    // A typed token becomes one chip.
    await page.keyboard.type(', [customer-first-name]!');
    await editor.locator('[data-token="[customer-first-name]"]').waitFor();
    expect(await editor.locator('strong').textContent()).toBe('bold');
    expect(await editor.locator('em').textContent()).toBe('italic');
    expect(await editor.locator('u').textContent()).toBe('under');

    // A link on selected words through Ctrl+K; javascript: is refused, an empty address just closes.
    await press(page, 'Enter');
    await page.keyboard.type('Visit our shop');
    // ProseMirror ignores selection changes for 50 ms after it redraws; a person is slower.
    await page.waitForTimeout(100);
    await press(page, 'Shift+ArrowLeft', 8);
    await press(page, 'ControlOrMeta+k');
    const linkDialog = page.getByRole('dialog', { name: 'Link' });
    await linkDialog.getByLabel('Link URL').fill('javascript:alert(1)');
    await press(page, 'Enter');
    await linkDialog.getByRole('alert').waitFor();
    await linkDialog.getByLabel('Link URL').fill('shop.example/sale');
    await press(page, 'Enter');
    await linkDialog.waitFor({ state: 'detached' });
    const link = editor.locator('a[href="https://shop.example/sale"]');
    expect(await link.textContent()).toBe('our shop');
    // The closed dialog hands the focus back with the linked words still selected: typing before
    // the caret has moved would replace them.
    await hasFocus(editor);
    await page.waitForTimeout(100);
    await press(page, 'End');
    await expect.poll(() => page.evaluate(() => document.getSelection()?.isCollapsed)).toBe(true);
    await page.keyboard.type(' today');
    await press(page, 'ControlOrMeta+k');
    await linkDialog.getByLabel('Link URL').waitFor();
    await press(page, 'Enter');
    await linkDialog.waitFor({ state: 'detached' });
    expect(await editor.locator('a').count()).toBe(1);

    // Font, size and colour from the toolbar on the selected word (once the closed dialog has
    // handed the focus back to the editor).
    await hasFocus(editor);
    await page.waitForTimeout(100);
    await press(page, 'Shift+ArrowLeft', 5);
    await expect.poll(() => page.evaluate(() => document.getSelection()?.toString())).toBe('today');
    // The editor takes the new selection from the browser's selectionchange event, a task of its
    // own: two frames later it has run, however busy the machine, before the toolbar takes focus.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await toolbar(page).getByLabel('Font', { exact: true }).selectOption({ label: 'Georgia' });
    await toolbar(page).getByLabel('Font size').selectOption('24px');
    await toolbar(page).getByLabel('Text colour').fill('#cc0000');
    const styleOf = (words: Locator) =>
      words.evaluate((el: HTMLElement) => [el.style.fontFamily, el.style.fontSize, el.style.color]);
    expect(await styleOf(editor.locator('span', { hasText: 'today' }))).toEqual([
      'Georgia, serif',
      '24px',
      'rgb(204, 0, 0)',
    ]);

    // A rich paste arrives as plain text.
    // The cursor to the end through the editor itself: a click followed at once by Ctrl+End can
    // outrun ProseMirror's reading of the selection (it waits 50 ms after each redraw).
    await editor.evaluate((el) =>
      (
        el as HTMLElement & { editor: { commands: { focus(at: string): void } } }
      ).editor.commands.focus('end'),
    );
    // Tiptap moves the DOM focus on the next animation frame: type only once the editor has it,
    // and paste only once the new paragraph exists.
    await hasFocus(editor);
    const paragraphs = await editor.locator('p').count();
    await press(page, 'Enter');
    await expect.poll(() => editor.locator('p').count()).toBe(paragraphs + 1);
    await editor.evaluate((el) => {
      const data = new DataTransfer();
      data.setData(
        'text/html',
        '<h1 style="color:red" onclick="alert(1)">Pasted <b>title</b></h1><script>alert(1)</script><p><a href="javascript:alert(1)">evil link</a></p>',
      );
      data.setData('text/plain', 'Pasted title\n\nevil link');
      el.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await editor.getByText('evil link').waitFor();
    const pasted = await textHtml(editor);
    // The words, as paragraphs, in the style at the cursor; nothing of the clipboard's markup.
    expect(await editor.locator('p', { hasText: 'Pasted title' }).textContent()).toBe(
      'Pasted title',
    );
    expect(await editor.locator('p', { hasText: 'evil link' }).textContent()).toBe('evil link');
    expect(pasted).not.toMatch(/<h1|<b>|<script|javascript:|color:\s*red|onclick/i);
    expect(await editor.locator('a').count()).toBe(1);

    // An image no wider than 1.8x the 16px text goes inline; width and height take digits only.
    // A seller's image host; with no network here it fails to load, which the error filter allows.
    const imageUrl = 'https://images.example/star.png';
    await toolbar(page).getByRole('button', { name: 'Insert image' }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Insert image' });
    await imageDialog.getByLabel('Image URL').fill(imageUrl);
    await imageDialog.getByLabel('Width').fill('2a0px');
    expect(await imageDialog.getByLabel('Width').inputValue()).toBe('20');
    await imageDialog.getByLabel('Height').fill('20');
    await imageDialog.getByLabel('Alt text').fill('star');
    await imageDialog.getByRole('button', { name: 'Insert' }).click();
    await editor.locator('img[alt="star"][width="20"][height="20"]').waitFor();
    // An empty image address just closes the dialog.
    await toolbar(page).getByRole('button', { name: 'Insert image' }).click();
    await imageDialog.getByRole('button', { name: 'Insert' }).click();
    await imageDialog.waitFor({ state: 'detached' });
    await page.screenshot({ path: screenshotPath('rich-text-formatted'), fullPage: true });

    // A wider one becomes a full-width image block after this block, selected; undo removes it.
    const frames = canvas.locator('[data-block-frame]');
    expect(await frames.count()).toBe(8);
    await toolbar(page).getByRole('button', { name: 'Insert image' }).click();
    await imageDialog.getByLabel('Image URL').fill(imageUrl);
    await imageDialog.getByLabel('Width').fill('300');
    await imageDialog.getByLabel('Alt text').fill('Banner');
    await imageDialog.getByRole('button', { name: 'Insert' }).click();
    const imageBlock = block(page, 'Image block 6');
    await expect.poll(() => imageBlock.getAttribute('aria-current')).toBe('true');
    expect(await frames.count()).toBe(9);
    expect(await imageBlock.locator('img[alt="Banner"]').count()).toBe(1);
    await press(page, 'ControlOrMeta+z');
    await expect.poll(() => frames.count()).toBe(8);
    await press(page, 'ControlOrMeta+Shift+z');
    await expect.poll(() => frames.count()).toBe(9);

    // The heading: one line with a token; a typing burst undoes and redoes as one step.
    await block(page, 'Heading block 3').click();
    const heading = canvas.getByRole('textbox', { name: 'Heading text' });
    await heading.waitFor();
    await press(page, 'ControlOrMeta+a');
    await page.keyboard.type('Thanks, [customer-first-name|friend]!');
    await heading.locator('[data-token="[customer-first-name|friend]"]').waitFor();
    await page.waitForTimeout(1100); // a pause ends the burst
    await page.keyboard.type(' Wow');
    // The token reads as its labelled chip on screen (it is saved as written, checked below).
    expect(await heading.textContent()).toBe('Thanks, Customer first name! Wow');
    await press(page, 'ControlOrMeta+z');
    await expect.poll(() => heading.textContent()).toBe('Thanks, Customer first name!');
    await press(page, 'ControlOrMeta+Shift+z');
    await expect.poll(() => heading.textContent()).toBe('Thanks, Customer first name! Wow');
    await press(page, 'ControlOrMeta+z');

    // The token popover inserts at the cursor.
    await press(page, 'End');
    await page.getByRole('button', { name: 'Show tokens' }).click();
    await page.getByRole('button', { name: 'Insert [shop-name] at the cursor' }).click();
    await heading.locator('[data-token="[shop-name]"]').waitFor();
    // The popover hands focus back to the text once it has closed: type only when it is there.
    await expect
      .poll(() => heading.evaluate((el) => el.contains(document.activeElement)))
      .toBe(true);
    await press(page, 'Backspace'); // one key removes the whole token
    await expect.poll(() => heading.locator('[data-token]').count()).toBe(1);
    expect(await heading.locator('[data-token="[shop-name]"]').count()).toBe(0);

    // Save: the server stores exactly the html the editor produced.
    await page.getByLabel('Template Name').fill('Rich thanks');
    await page.getByLabel('Email Subject').fill('Thanks, [customer-first-name]!');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/templates') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    const response = await saved;
    const sent = response.request().postDataJSON() as { design: Design };
    const stored = (await response.json()) as SavedTemplate;
    // The blocks the editor wrote come back byte for byte (the default template's untouched blocks
    // are normalised by the server's sanitiser, e.g. <br> to <br />).
    for (const index of [2, 4]) {
      expect(stored.design.blocks[index]).toEqual(sent.design.blocks[index]);
    }
    const text = stored.design.blocks[4]!;
    if (text.type !== 'text') throw new Error('expected the text block');
    expect(sanitizeRichText(text.html)).toBe(text.html);
    expect(text.html).toContain(
      '<a href="https://shop.example/sale" target="_blank" rel="noopener noreferrer">our shop</a>',
    );
    expect(text.html).toContain(
      '<span style="font-family:Georgia, serif;font-size:24px;color:#cc0000">today</span>',
    );
    expect(text.content).toContain('Hello bold and italic and under, [customer-first-name]!');
    expect(text.content).toContain('Visit our shop (https://shop.example/sale) today');
    await page.getByText('Template created!').waitFor();
    // Saving keeps the seller in the editor, on the saved template's own address.
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toBe(stored.id);

    // Reopen: the same content, formatted, in the editor.
    await page.goto(`/thankly/create?id=${encodeURIComponent(stored.id)}`);
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    await expect.poll(() => page.getByLabel('Template Name').inputValue()).toBe('Rich thanks');
    await block(page, 'Text block 5').click();
    const reopened = canvas.getByRole('textbox', { name: 'Text' });
    await reopened.waitFor();
    expect(await reopened.locator('strong').textContent()).toBe('bold');
    expect(await reopened.locator('em').textContent()).toBe('italic');
    expect(await reopened.locator('u').textContent()).toBe('under');
    expect(await reopened.locator('a[href="https://shop.example/sale"]').textContent()).toBe(
      'our shop',
    );
    expect(await styleOf(reopened.locator('span', { hasText: 'today' }))).toEqual([
      'Georgia, serif',
      '24px',
      'rgb(204, 0, 0)',
    ]);
    expect(await reopened.locator('[data-token="[customer-first-name]"]').count()).toBe(1);
    expect(await reopened.locator('img[alt="star"][width="20"]').count()).toBe(1);
    expect(await block(page, 'Image block 6').locator('img[alt="Banner"]').count()).toBe(1);
    // On the canvas the token reads as its labelled chip.
    expect(await canvas.getByText('Thanks, Customer first name!').count()).toBe(1);

    // The test email: the stored design through the same renderer, with sample values.
    await page.getByRole('link', { name: '← Back' }).click();
    const card = page.getByRole('listitem', { name: 'Rich thanks' });
    await card.getByRole('button', { name: 'Send test of Rich thanks' }).click();
    await page.getByText('Test email sent! Check your inbox...').waitFor();
    const mail = await session.app.mail.waitFor(
      (m) => m.to.includes(email) && m.subject.startsWith('[Test]'),
      10_000,
    );
    // No coupon code is saved: the test email shows what buyers get, without the coupon button.
    const expected = renderEmailForOrder(stored.design, 'Thanks, [customer-first-name]!', {
      ...sampleTokenValues,
      'coupon-code': undefined,
    });
    // Composed as a buyer's email is: the design, then the unsubscribe footer (a link that does nothing).
    const composed = withUnsubscribeFooter(
      expected,
      sampleTokenValues['shop-name'],
      unsubscribeUrl(session.app.url, TEST_UNSUBSCRIBE_TOKEN),
    );
    expect(mail.text.trim()).toBe(composed.text.trim());
    expect(mail.html.replace(/\r\n/g, '\n').trim()).toBe(composed.html.trim());
    expect(mail.html).toContain(
      'Hello <strong>bold</strong> and <em>italic</em> and <u>under</u>, Alex!',
    );
    expect(mail.html).toContain(`alt="star" width="20" height="20"`);
    expect(mail.html).toContain('Thanks, Alex!');
  });

  it('keeps the toolbar usable from the keyboard and on a 390px screen', async () => {
    current = await session.open({ width: 390, height: 844 });
    const { page } = current;
    await registerThroughUi(page, { name: 'Ilias', email: uniqueEmail('richtext-mobile') });
    await openDefaultTemplate(page);
    await block(page, 'Text block 4').click();
    const editor = page.getByTestId('editor-canvas').getByRole('textbox', { name: 'Text' });
    await editor.waitFor();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const bar = toolbar(page);
    const box = await bar.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    // Every control has a name; the toggles say whether they are on.
    for (const name of ['Bold', 'Italic', 'Underline']) {
      expect(await bar.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('false');
    }
    for (const label of ['Font', 'Font size', 'Text colour']) {
      expect(await bar.getByLabel(label, { exact: true }).count()).toBe(1);
    }
    // Arrow keys move between the buttons; Enter presses one; the selection's words turn bold.
    await editor.click();
    await press(page, 'ControlOrMeta+a');
    await bar.getByRole('button', { name: 'Bold' }).focus();
    await press(page, 'ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Italic',
    );
    await press(page, 'ArrowLeft');
    await press(page, 'Enter');
    await expect.poll(() => editor.locator('strong').count()).toBeGreaterThan(0);
    expect(await bar.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // The link dialog opens from the keyboard and Escape closes it without leaving the block.
    await bar.getByRole('button', { name: 'Link' }).focus();
    await press(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: 'Link' });
    await dialog.getByLabel('Link URL').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await press(page, 'Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await editor.count()).toBe(1);
    await page.screenshot({ path: screenshotPath('rich-text-390'), fullPage: true });
  });
});
