// Issue 19, goal 2 in a real browser: the app loads code when it is needed. The editor's canvas
// shows every text block before the rich-text engine (Tiptap and ProseMirror) has arrived, and a
// text block opens for editing once it has; the dashboard fetches the editor's code while the seller
// is still reading it.
import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import {
  chooseStarter,
  openDefaultTemplate,
  registerThroughUi,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';

const session = useBrowserSession();

// Chunk names come from their modules (Vite: [name]-[hash].js).
const ENGINE_CHUNK = /\/assets\/rich-text-editor-[\w-]+\.js$/;
const EDITOR_CHUNK = /\/assets\/editor-page-[\w-]+\.js$/;

const SECOND_TEXT = 'every order truly means the world to us';

describe('code loaded when needed', () => {
  it('paints the canvas before the rich-text engine arrives and edits once it has', async () => {
    const { page } = await session.open();
    await registerThroughUi(page, { name: 'Lena', email: uniqueEmail('lazy-engine') });

    // Hold the engine back until the canvas has been checked without it.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let engineRequested = false;
    await page.route(ENGINE_CHUNK, async (route) => {
      engineRequested = true;
      await released;
      await route.continue();
    });

    await openDefaultTemplate(page);
    const canvas = page.getByTestId('editor-canvas');
    const words = canvas.getByText(SECOND_TEXT, { exact: false });
    await words.waitFor();
    // The editor asks for the engine on its own once the page is idle, and the words do not wait.
    await expect.poll(() => engineRequested).toBe(true);
    expect(await canvas.getByRole('textbox').count()).toBe(0);

    // Selecting the block while the engine is still on its way keeps its words where they were.
    await words.scrollIntoViewIfNeeded();
    const before = await words.boundingBox();
    await words.click();
    expect(await canvas.locator('[data-rich-text]').count()).toBe(0);
    expect(await words.isVisible()).toBe(true);
    expect(await words.boundingBox()).toEqual(before);

    // Once it arrives, the selected block is an editor in the same place, taking the keyboard.
    release();
    const editor = canvas.getByRole('textbox', { name: 'Text' });
    await editor.waitFor();
    expect(await editor.getAttribute('contenteditable')).toBe('true');
    expect(await editor.textContent()).toContain(SECOND_TEXT);
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Truly.');
    await expect.poll(() => editor.textContent()).toContain('Truly.');
  });

  it('fetches the editor while the dashboard is idle, so New template opens it at once', async () => {
    const { page } = await session.open();
    const requests: string[] = [];
    page.on('request', (request: Request) => requests.push(request.url()));
    await registerThroughUi(page, { name: 'Ines', email: uniqueEmail('lazy-prefetch') });

    // Still on the dashboard: the editor's code comes without anyone asking for the editor.
    await expect.poll(() => requests.some((url) => EDITOR_CHUNK.test(url))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/thankly');

    // Going there needs no more of it.
    const fetchedBefore = requests.filter((url) => EDITOR_CHUNK.test(url)).length;
    await page.getByRole('button', { name: 'Create your first template' }).first().click();
    await chooseStarter(page, 'blank');
    expect(requests.filter((url) => EDITOR_CHUNK.test(url)).length).toBe(fetchedBefore);
  });
});
