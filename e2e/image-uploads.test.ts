// Issue 15's uploads in a real browser: a picture reaches an email by the file picker, by a drop
// onto the canvas and by a paste; the brand kit's logo is uploaded the same way; a refused file
// says why; a slow upload shows its progress; the library shows the storage used and asks before
// deleting an image a saved template shows. Every stored picture is served by the app itself.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  openDefaultTemplate,
  registerConfirmedThroughUi,
  screenshotPath,
  uniqueEmail,
  useBrowserSession,
} from './helpers.ts';
import { seriousAxeFindings } from './support/axe.ts';
import { chooseFile } from './support/choose-file.ts';

const session = useBrowserSession();
const MEDIA_URL = /\/media\/[0-9a-f-]{36}-[0-9a-f]{16}\.(png|jpg|gif)$/;

interface Picture {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A PNG drawn by the page's own canvas: `noise` makes it incompressible (a large file that takes
 * a while to send), else a flat badge with a word on it.
 */
async function drawPng(page: Page, label: string, width: number, height: number, noise = false) {
  const base64 = await page.evaluate(
    async ({ label, width, height, noise }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      if (noise) {
        const data = ctx.createImageData(width, height);
        for (let i = 0; i < data.data.length; i += 1)
          data.data[i] = i % 4 === 3 ? 255 : (Math.random() * 256) | 0;
        ctx.putImageData(data, 0, 0);
      } else {
        ctx.fillStyle = '#0f766e';
        ctx.fillRect(0, 0, width, height);
        ctx.fillStyle = '#ffffff';
        ctx.font = `${Math.round(height / 3)}px Georgia`;
        ctx.fillText(label, width / 10, height / 1.6);
      }
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!)));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { label, width, height, noise },
  );
  return { name: `${label}.png`, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
}

/**
 * The answer to the next upload (POST /api/media), awaited before the page is checked: on a busy
 * machine the server's re-encoding can take longer than a poll waits.
 */
function nextUpload(page: Page) {
  return page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/media',
    { timeout: 30_000 },
  );
}

/** Chooses `picture` in the file picker the button opens, as a seller does. */
function pickFile(page: Page, button: string, picture: Picture, scope = page.locator('body')) {
  return chooseFile(page, scope.getByRole('button', { name: button }), picture);
}

/** Builds a DataTransfer holding `picture` inside the page, for drop and paste events. */
async function transferOf(page: Page, picture: Picture) {
  return page.evaluateHandle(
    ({ name, mimeType, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: mimeType }));
      return transfer;
    },
    { name: picture.name, mimeType: picture.mimeType, base64: picture.buffer.toString('base64') },
  );
}

/** The canvas's image blocks' addresses, top to bottom. */
function canvasImages(page: Page): Promise<string[]> {
  return page
    .getByTestId('editor-canvas')
    .locator('[data-block-type="image"] img')
    .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src));
}

/** Whether the picture at `url` loaded in the canvas (the app served it). */
function loadedInCanvas(page: Page, url: string): Promise<boolean> {
  return page.evaluate(
    (src) =>
      Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="editor-canvas"] img'))
        .filter((img) => img.src === src)
        .some((img) => img.complete && img.naturalWidth > 0),
    url,
  );
}

describe('uploading pictures', () => {
  it('by the picker into the image block, by a drop onto the canvas and by a paste, then saved and mailed-ready', async () => {
    const { page } = await session.open({ width: 1280, height: 900 });
    await registerConfirmedThroughUi(page, session.app, {
      name: 'Anna',
      email: uniqueEmail('uploads'),
    });
    await openDefaultTemplate(page);

    // The default template's empty image block says what to do.
    const imageBlock = page.getByRole('group', { name: 'Image block 1', exact: true });
    await imageBlock.getByText('Image: upload or drop a picture here').waitFor();
    await imageBlock.click();
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    const logo = await drawPng(page, 'Anna', 480, 160);
    const logoUpload = nextUpload(page);
    await pickFile(page, 'Upload image', logo, inspector);
    expect((await logoUpload).status()).toBe(201);
    await expect.poll(() => canvasImages(page)).toHaveLength(1);
    const [logoUrl] = await canvasImages(page);
    expect(logoUrl).toMatch(MEDIA_URL);
    await expect.poll(() => loadedInCanvas(page, logoUrl!)).toBe(true);
    expect(await inspector.getByLabel('Image URL').inputValue()).toBe(logoUrl);

    // A drop onto the lower half of a text block puts a new image block below it.
    const textBlock = page.getByRole('group', { name: 'Text block 5', exact: true });
    const photo = await drawPng(page, 'Vase', 900, 600);
    const dropped = await transferOf(page, photo);
    const box = (await textBlock.boundingBox())!;
    const at = { clientX: box.x + box.width / 2, clientY: box.y + box.height - 4 };
    const row = textBlock.locator('xpath=..');
    const photoUpload = nextUpload(page);
    await row.dispatchEvent('dragenter', { dataTransfer: dropped, ...at });
    await row.dispatchEvent('dragover', { dataTransfer: dropped, ...at });
    await row.dispatchEvent('drop', { dataTransfer: dropped, ...at });
    expect((await photoUpload).status()).toBe(201);
    await expect.poll(() => canvasImages(page)).toHaveLength(2);
    const blockTypes = () =>
      page
        .getByTestId('editor-canvas')
        .locator(':scope > [data-block-row] > [data-block-frame]')
        .evaluateAll((frames) => frames.map((f) => f.getAttribute('data-block-type')));
    const typesAfterDrop = await blockTypes();
    expect(typesAfterDrop[5]).toBe('image');
    const photoUrl = (await canvasImages(page))[1]!;
    expect(photoUrl).toMatch(MEDIA_URL);
    expect(photoUrl).not.toBe(logoUrl);
    await expect.poll(() => loadedInCanvas(page, photoUrl)).toBe(true);
    // The server measured it: no wider than the 1200 px it keeps.
    const stored = await page.evaluate(() =>
      fetch('/api/media').then(
        (r) => r.json() as Promise<{ media: { url: string; width: number; height: number }[] }>,
      ),
    );
    expect(stored.media.find((m) => m.url === photoUrl)).toMatchObject({ width: 900, height: 600 });

    // A paste while a block is selected puts the picture below that block.
    await page.getByRole('group', { name: 'Heading block 3', exact: true }).click();
    const pasted = await transferOf(page, await drawPng(page, 'Card', 300, 200));
    const pasteUpload = nextUpload(page);
    await page.evaluate((transfer) => {
      const event = new ClipboardEvent('paste', {
        clipboardData: transfer,
        bubbles: true,
        cancelable: true,
      });
      (document.activeElement ?? document.body).dispatchEvent(event);
    }, pasted);
    expect((await pasteUpload).status()).toBe(201);
    await expect.poll(() => canvasImages(page)).toHaveLength(3);
    expect((await blockTypes())[3]).toBe('image');
    // The pasted block is selected, with the alt-text reminder.
    expect(
      await page
        .getByRole('group', { name: 'Image block 4', exact: true })
        .getAttribute('aria-current'),
    ).toBe('true');
    await inspector.getByText('This image has no alt text').waitFor();
    await page.screenshot({ path: screenshotPath('editor-uploads-1280') });

    // Saved, the email shows the stored pictures at their public, absolute addresses.
    await page.getByLabel('Template Name').fill('With pictures');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Saving keeps the editor open, now at the saved template's own address.
    await page.waitForURL(/\/thankly\/create\?id=[^&]+$/);
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    const id = new URL(page.url()).searchParams.get('id')!;
    const saved = await page.evaluate(
      (id) =>
        fetch(`/api/templates/${id}`).then((r) => r.json()) as Promise<{
          name: string;
          html: string;
        }>,
      id,
    );
    expect(saved.name).toBe('With pictures');
    for (const url of [logoUrl!, photoUrl]) expect(saved.html).toContain(`src="${url}"`);
    // Anyone can fetch them (mail apps have no session), cached for good.
    const publicFetch = await page.request.fetch(photoUrl, { headers: { cookie: '' } });
    expect(publicFetch.status()).toBe(200);
    expect(publicFetch.headers()['cache-control']).toContain('immutable');
  });

  it('a refused file says why and changes nothing; a slow upload shows its progress', async () => {
    const current = await session.open({ width: 1280, height: 900 });
    const { page } = current;
    current.allow({ url: /\/api\/media$/, status: 415 });
    await registerConfirmedThroughUi(page, session.app, {
      name: 'Petros',
      email: uniqueEmail('upload-refused'),
    });
    await openDefaultTemplate(page);
    await page.getByRole('group', { name: 'Image block 1', exact: true }).click();
    const inspector = page.getByRole('complementary', { name: 'Inspector' });

    // Named .png, but a web page inside: the server reads the bytes and refuses it.
    await pickFile(
      page,
      'Upload image',
      {
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<html><script>alert(1)</script></html>'),
      },
      inspector,
    );
    const refusal = inspector.getByRole('alert');
    await refusal.getByText('Please upload a PNG, JPEG, GIF or WebP image.').waitFor();
    expect(await canvasImages(page)).toEqual([]);
    await refusal.getByRole('button', { name: 'Dismiss upload error' }).click();
    expect(await inspector.getByRole('alert').count()).toBe(0);

    // Over 5 MB is refused before a byte is sent.
    await pickFile(
      page,
      'Upload image',
      { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) },
      inspector,
    );
    await inspector.getByText('That image is larger than 5 MB.', { exact: false }).waitFor();

    // On a slow connection the upload shows how far it has got.
    const big = await drawPng(page, 'Noise', 900, 900, true);
    expect(big.buffer.length).toBeGreaterThan(1_500_000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    await pickFile(page, 'Upload image', big, inspector);
    const bar = inspector.getByRole('progressbar', { name: 'Uploading Noise.png' });
    await bar.waitFor();
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')))
      .toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath('editor-upload-progress-1280') });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await bar.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => canvasImages(page)).toHaveLength(1);
  });

  it('the brand logo by upload; the library shows the storage used and asks before deleting a picture in use', async () => {
    const current = await session.open({ width: 390, height: 844 });
    const { page } = current;
    current.allow({ url: /\/api\/media\/[0-9a-f-]+$/, status: 409 });
    await registerConfirmedThroughUi(page, session.app, {
      name: 'Ioanna',
      email: uniqueEmail('upload-brand'),
    });
    await page.goto('/thankly/brand');
    await page.getByRole('heading', { name: 'Brand kit', level: 1 }).waitFor();
    const logo = await drawPng(page, 'Ioanna', 600, 200);
    const logoUpload = nextUpload(page);
    await pickFile(page, 'Upload logo', logo);
    expect((await logoUpload).status()).toBe(201);
    await expect
      .poll(() => page.getByLabel('Logo address', { exact: true }).inputValue())
      .toMatch(MEDIA_URL);
    const logoUrl = await page.getByLabel('Logo address', { exact: true }).inputValue();
    await page
      .frameLocator('iframe[title="Sample email with your brand"]')
      .locator(`img[src="${logoUrl}"]`)
      .waitFor();
    await page.getByRole('button', { name: 'Save brand' }).click();
    await page.getByText('All changes saved').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // The library: the logo, and how much of the plan's storage it takes.
    await page.getByRole('button', { name: 'Your images' }).click();
    const library = page.getByRole('list', { name: 'Your images' });
    await library.getByRole('button', { name: 'Use Ioanna.png' }).waitFor();
    await page.getByText(/Image storage: \d+ KB of 25\.0 MB used/).waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('brand-upload-390'), fullPage: true });

    // A template that shows the logo (the classic starter design, which wears the brand): deleting
    // the logo then asks first, naming the template.
    const status = await page.evaluate(async () => {
      const { designs } = (await fetch('/api/templates/gallery').then((r) => r.json())) as {
        designs: { id: string; subject: string; design: unknown }[];
      };
      const classic = designs.find((d) => d.id === 'classic')!;
      const res = await fetch('/api/templates', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Logo only',
          subject: classic.subject,
          design: classic.design,
        }),
      });
      return res.status;
    });
    expect(status).toBe(201);
    await page.getByRole('button', { name: 'Delete Ioanna.png' }).click();
    const warning = page.getByRole('alert').filter({ hasText: 'is used in “Logo only”' });
    await warning.waitFor();
    await warning.getByRole('button', { name: 'Keep it' }).click();
    expect(await library.getByRole('button', { name: 'Use Ioanna.png' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete Ioanna.png' }).click();
    await warning.getByRole('button', { name: 'Delete anyway' }).click();
    await page.getByText('No images yet.', { exact: false }).waitFor();
    expect((await page.request.fetch(logoUrl)).status()).toBe(404);
  });

  it('from the text toolbar’s image dialog on a phone: a small upload sits in the line, sized from the file', async () => {
    const { page } = await session.open({ width: 390, height: 844 });
    await registerConfirmedThroughUi(page, session.app, {
      name: 'Eleni',
      email: uniqueEmail('upload-inline'),
    });
    await openDefaultTemplate(page);
    await page.getByRole('group', { name: 'Text block 4', exact: true }).click();
    const editor = page.getByTestId('editor-canvas').getByRole('textbox', { name: 'Text' });
    await editor.waitFor();
    const toolbar = page.getByRole('toolbar', { name: 'Text formatting' });
    await toolbar.getByRole('button', { name: 'Insert image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert image' });
    await pickFile(page, 'Upload image', await drawPng(page, 'Star', 24, 24), dialog);
    await expect.poll(() => dialog.getByLabel('Image URL').inputValue()).toMatch(MEDIA_URL);
    expect(await dialog.getByLabel('Width').inputValue()).toBe('24');
    expect(await dialog.getByLabel('Height').inputValue()).toBe('24');
    await dialog.getByLabel('Alt text').fill('star');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screenshotPath('rich-text-image-upload-390') });
    await dialog.getByRole('button', { name: 'Insert' }).click();
    const inline = editor.locator('img[alt="star"][width="24"][height="24"]');
    await inline.waitFor();
    expect(await inline.getAttribute('src')).toMatch(MEDIA_URL);
  });
});
