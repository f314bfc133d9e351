// POST/GET/DELETE /api/media and GET /media/:key: uploads checked by their bytes, re-encoded
// without metadata, kept per seller within the plan's quota, served publicly with strict headers.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import {
  MEDIA_MESSAGES,
  MEDIA_QUOTA_BYTES,
  MEDIA_UPLOAD_HEADER,
  mediaCreatedSchema,
  mediaInUseSchema,
  mediaListSchema,
} from '@thankly/api-contract';
import { media, templates } from '../../src/infrastructure/db/schema.ts';
import { saveMedia, usedBytes } from '../../src/media/media-service.ts';
import {
  ANIMATION_TOO_LARGE,
  MAX_GIF_FRAMES,
  reencode,
  tooManyFrames,
} from '../../src/media/reencode.ts';
import { connectDemoShop, settled, waitForActivity } from '../support/sending-helpers.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const SESSION = 'thankly_session';

async function upload(
  client: TestClient | null,
  bytes: Buffer,
  options: { name?: string; type?: string; headers?: Record<string, string>; field?: string } = {},
) {
  const form = new FormData();
  form.append(
    options.field ?? 'file',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }),
    options.name ?? 'photo.png',
  );
  const headers: Record<string, string> = { [MEDIA_UPLOAD_HEADER]: '1', ...options.headers };
  const session = client?.cookie(SESSION);
  if (session) headers.cookie = `${SESSION}=${session}`;
  const response = await fetch(`${app.url}/api/media`, { method: 'POST', body: form, headers });
  const text = await response.text();
  return {
    status: response.status,
    body: (text && (response.headers.get('content-type') ?? '').includes('json')
      ? JSON.parse(text)
      : text) as any,
  };
}

const png = (width: number, height: number, alpha = false) =>
  sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 200, g: 30, b: 90, alpha: 0.5 } : { r: 200, g: 30, b: 90 },
    },
  })
    .png()
    .toBuffer();

/** Random pixels: images that do not compress away, and differ on every call. */
const noisy = (width: number, height: number) =>
  sharp(
    Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))),
    {
      raw: { width, height, channels: 3 },
    },
  );

async function storedCount(userId: string) {
  return (await app.ctx.db.select().from(media).where(eq(media.userId, userId))).length;
}

async function served(url: string) {
  const response = await fetch(url);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('uploading an image', () => {
  test('needs a signed-in seller', async () => {
    expect((await upload(null, await png(10, 10))).status).toBe(401);
    expect((await app.client().get('/api/media')).status).toBe(401);
    expect(
      (await app.client().delete('/api/media/00000000-0000-0000-0000-000000000000')).status,
    ).toBe(401);
  });

  test('stores a PNG, answers 201 with the contract, and serves it publicly with strict headers', async () => {
    const { client, user } = await app.seller();
    const original = await png(40, 30);
    const created = await upload(client, original, { name: '../../etc/\u0007logo.png' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const body = mediaCreatedSchema.parse(created.body);
    expect(body.media).toMatchObject({
      width: 40,
      height: 30,
      contentType: 'image/png',
      fileName: 'logo.png',
      usedIn: [],
    });
    expect(body.usage).toEqual({ bytes: body.media.bytes, quotaBytes: MEDIA_QUOTA_BYTES.free });
    expect(body.media.url.startsWith(`${app.url}/media/${body.media.id}-`)).toBe(true);

    const { response, bytes } = await served(body.media.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(bytes.length).toBe(body.media.bytes);
    expect((await sharp(bytes).metadata()).format).toBe('png');
    expect(await storedCount(user.id)).toBe(1);
  });

  test('the same bytes again are the same image, counted once', async () => {
    const { client } = await app.seller();
    const image = await png(20, 20);
    const first = await upload(client, image);
    const second = await upload(client, image);
    expect(second.status).toBe(201);
    expect(second.body.media.id).toBe(first.body.media.id);
    expect(second.body.usage.bytes).toBe(first.body.usage.bytes);
  });

  test('refuses anything that is not a PNG, JPEG, GIF or WebP by its bytes, storing nothing', async () => {
    const { client, user } = await app.seller();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n');
    const tiff = await sharp({ create: { width: 5, height: 5, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    // A GIF header glued to HTML in front of a PNG: whatever follows, the bytes say HTML first.
    const polyglot = Buffer.concat([html, await png(5, 5)]);
    for (const bytes of [svg, html, pdf, tiff, polyglot, Buffer.from('just text')]) {
      const answer = await upload(client, bytes, { name: 'innocent.png', type: 'image/png' });
      expect(answer.status).toBe(415);
      expect(answer.body.error).toBe(MEDIA_MESSAGES.unsupportedType);
    }
    expect(await storedCount(user.id)).toBe(0);
  });

  test('a truncated PNG with a valid header is unreadable, and a missing file is 400', async () => {
    const { client, user } = await app.seller();
    const whole = await noisy(200, 200).png().toBuffer();
    const truncated = await upload(client, whole.subarray(0, Math.floor(whole.length / 3)));
    expect(truncated.status).toBe(400);
    expect(truncated.body.error).toBe(MEDIA_MESSAGES.unreadable);
    const wrongField = await upload(client, whole, { field: 'other' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error).toBe(MEDIA_MESSAGES.noFile);
    expect(await storedCount(user.id)).toBe(0);
  });

  test('a file over 5 MB is 413; a decompression bomb is refused', async () => {
    const { client, user } = await app.seller();
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(6 * 1024 * 1024)]);
    const tooLarge = await upload(client, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ error: MEDIA_MESSAGES.tooLarge });

    // 10000 x 10000 single-colour PNG: tiny on disk, 100 megapixels when decoded.
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const answer = await upload(client, bomb);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/too many pixels/);
    expect(await storedCount(user.id)).toBe(0);
  });
});

/**
 * A GIF of a few bytes per frame whose logical screen is `width`×`height`: each frame is a single
 * pixel on the wire, and the full screen once decoded.
 */
function gifOfTinyFrames(width: number, height: number, frames: number): Buffer {
  const bytes = [...Buffer.from('GIF89a')];
  bytes.push(width & 255, width >> 8, height & 255, height >> 8, 0x80, 0, 0);
  bytes.push(0, 0, 0, 255, 255, 255); // a global colour table of two
  bytes.push(0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0); // loop forever
  for (let i = 0; i < frames; i++) {
    bytes.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0); // 0.1 s a frame
    bytes.push(0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0); // a 1×1 image at the top left
    bytes.push(2, 2, 0x44, 0x01, 0); // its one pixel, LZW-coded
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}

describe('decompression bombs and who may upload', () => {
  test('an 821-byte GIF that decodes to 49 megapixels is refused from its header, with a reason', async () => {
    const { client, user } = await app.seller();
    const bomb = gifOfTinyFrames(1200, 1200, 34);
    expect(bomb.length).toBe(821);
    const answer = await upload(client, bomb, { name: 'spinner.gif', type: 'image/gif' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(ANIMATION_TOO_LARGE);
    expect(await storedCount(user.id)).toBe(0);
  });

  test('a GIF of more frames than an email needs is refused, however small its frames', async () => {
    const { client, user } = await app.seller();
    const frames = MAX_GIF_FRAMES + 1;
    const answer = await upload(client, gifOfTinyFrames(8, 8, frames), { name: 'long.gif' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(tooManyFrames(frames));
    expect(await storedCount(user.id)).toBe(0);
  });

  test('a seller whose address is not confirmed cannot upload, and is told why', async () => {
    const { client, user } = await app.seller({ verified: false });
    const answer = await upload(client, await png(10, 10));
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe(MEDIA_MESSAGES.unverified);
    expect(await storedCount(user.id)).toBe(0);
  });
});

describe('re-encoding', () => {
  test('a JPEG with GPS and orientation 6 is turned upright, shrunk to 1200 px, stripped of EXIF', async () => {
    const { client } = await app.seller();
    const jpeg = await noisy(1600, 1000)
      .jpeg()
      .withExif({
        IFD0: { Make: 'SecretCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 58/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    expect(jpeg.includes(Buffer.from('SecretCam'))).toBe(true);
    const created = await upload(client, jpeg, { name: 'shop.jpg', type: 'image/jpeg' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Upright the photo is 1000 wide and 1600 tall: under 1200 wide, it keeps its size.
    expect(created.body.media).toMatchObject({
      contentType: 'image/jpeg',
      width: 1000,
      height: 1600,
    });
    const { bytes } = await served(created.body.media.url);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1000, height: 1600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  test('never wider than 1200 px, never enlarged', async () => {
    const { client } = await app.seller();
    const wide = await upload(client, await png(3000, 600));
    expect(wide.body.media).toMatchObject({ width: 1200, height: 240 });
    const small = await upload(client, await png(100, 50));
    expect(small.body.media).toMatchObject({ width: 100, height: 50 });
  });

  test('a 2-frame GIF stays animated; WebP becomes PNG with alpha, JPEG without', async () => {
    const { client } = await app.seller();
    const frames = Buffer.concat([Buffer.alloc(16 * 16 * 4, 255), Buffer.alloc(16 * 16 * 4, 0x80)]);
    const gif = await sharp(frames, { raw: { width: 16, height: 32, channels: 4, pageHeight: 16 } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const storedGif = await upload(client, gif, { name: 'a.gif' });
    expect(storedGif.body.media).toMatchObject({ contentType: 'image/gif', width: 16, height: 16 });
    expect((await sharp((await served(storedGif.body.media.url)).bytes).metadata()).pages).toBe(2);

    const alphaWebp = await sharp(await png(30, 30, true))
      .webp()
      .toBuffer();
    const opaqueWebp = await noisy(30, 30).webp().toBuffer();
    expect((await upload(client, alphaWebp)).body.media.contentType).toBe('image/png');
    expect((await upload(client, opaqueWebp)).body.media.contentType).toBe('image/jpeg');
  });
});

describe('the library', () => {
  test('lists only the seller\u2019s own images, newest first; another seller gets 404', async () => {
    const a = await app.seller();
    const b = await app.seller();
    const first = await upload(a.client, await png(11, 11));
    const second = await upload(a.client, await png(12, 12));
    await upload(b.client, await png(13, 13));
    const list = mediaListSchema.parse((await a.client.get('/api/media')).body);
    expect(list.media.map((m) => m.id)).toEqual([second.body.media.id, first.body.media.id]);
    expect(list.usage.bytes).toBe(first.body.media.bytes + second.body.media.bytes);

    expect((await b.client.delete(`/api/media/${first.body.media.id}`)).status).toBe(404);
    expect((await b.client.delete('/api/media/not-a-uuid')).status).toBe(404);
    expect((await served(first.body.media.url)).response.status).toBe(200);
  });

  test('an image in a saved template needs force to delete; then its URL is gone', async () => {
    const { client, user } = await app.seller();
    const created = await upload(client, await png(14, 14));
    const { id, url } = created.body.media;
    const [template] = await app.ctx.db
      .insert(templates)
      .values({
        userId: user.id,
        name: 'Thanks',
        design: { blocks: [{ type: 'image', src: url }] },
        html: '',
      })
      .returning();
    const listed = (await client.get('/api/media')).body.media[0];
    expect(listed.usedIn).toEqual([{ id: template!.id, name: 'Thanks' }]);

    const refused = await client.delete(`/api/media/${id}`);
    expect(refused.status).toBe(409);
    expect(mediaInUseSchema.parse(refused.body).usedIn).toEqual([
      { id: template!.id, name: 'Thanks' },
    ]);
    expect((await served(url)).response.status).toBe(200);

    expect((await client.delete(`/api/media/${id}?force=true`)).status).toBe(204);
    expect((await served(url)).response.status).toBe(404);
    expect((await client.get('/api/media')).body.media).toEqual([]);
  });

  test('over the plan quota is 403 and nothing is stored', async () => {
    const { client, user } = await app.seller();
    await app.ctx.db.insert(media).values({
      userId: user.id,
      storageKey: '00000000-0000-4000-8000-000000000000-0000000000000000.png',
      sha256: 'f'.repeat(64),
      fileName: 'big.png',
      contentType: 'image/png',
      width: 1,
      height: 1,
      bytes: MEDIA_QUOTA_BYTES.free - 10,
    });
    const answer = await upload(client, await png(50, 50));
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe(MEDIA_MESSAGES.quotaExceeded);
    expect(await storedCount(user.id)).toBe(1);
  });
});

describe('the quota under parallel uploads', () => {
  test('16 images saved at once never store more than the quota', async () => {
    const { user } = await app.seller();
    const images = await Promise.all(
      Array.from({ length: 16 }, () => noisy(120, 120).png().toBuffer()),
    );
    const encoded = await Promise.all(images.map((bytes) => reencode(bytes, 'image/png')));
    const largest = Math.max(...encoded.map((image) => image.bytes.length));
    // Room for three of them at most, wherever they land.
    const room = 3 * largest + 10;
    await app.ctx.db.insert(media).values({
      userId: user.id,
      storageKey: '00000000-0000-4000-8000-000000000001-0000000000000000.png',
      sha256: 'e'.repeat(64),
      fileName: 'big.png',
      contentType: 'image/png',
      width: 1,
      height: 1,
      bytes: MEDIA_QUOTA_BYTES.free - room,
    });
    const results = await Promise.allSettled(
      encoded.map((image, i) =>
        saveMedia(app.ctx.db, app.ctx.mediaStorage, user, image, `parallel-${i}.png`),
      ),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused.length).toBeGreaterThanOrEqual(13);
    for (const result of refused)
      expect((result.reason as Error).message).toBe(MEDIA_MESSAGES.quotaExceeded);
    expect(await usedBytes(app.ctx.db, user.id)).toBeLessThanOrEqual(MEDIA_QUOTA_BYTES.free);
  });

  test('16 uploads at once through the API never store more than the quota', async () => {
    const { client, user } = await app.seller();
    const images = await Promise.all(
      Array.from({ length: 16 }, () => noisy(100, 100).png().toBuffer()),
    );
    await app.ctx.db.insert(media).values({
      userId: user.id,
      storageKey: '00000000-0000-4000-8000-000000000002-0000000000000000.png',
      sha256: 'd'.repeat(64),
      fileName: 'big.png',
      contentType: 'image/png',
      width: 1,
      height: 1,
      bytes: MEDIA_QUOTA_BYTES.free - 3 * Math.max(...images.map((image) => image.length)),
    });
    const answers = await Promise.all(images.map((image) => upload(client, image)));
    expect(answers.filter((answer) => answer.status === 403).length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 403)).toBe(true);
    expect(await usedBytes(app.ctx.db, user.id)).toBeLessThanOrEqual(MEDIA_QUOTA_BYTES.free);
  });
});

describe('public serving', () => {
  test('keys that are not exact storage keys are 404, traversal included', async () => {
    for (const path of [
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/media/00000000-0000-4000-8000-000000000000-0000000000000000.svg',
      '/media/00000000-0000-4000-8000-000000000000-0000000000000000.png',
    ]) {
      const response = await fetch(app.url + path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type') ?? '').not.toContain('text/html');
    }
  });
});

describe('cross-site uploads', () => {
  test('are refused: another Origin, a missing upload header, or a JSON body', async () => {
    const { client, user } = await app.seller();
    const image = await png(15, 15);
    expect((await upload(client, image, { headers: { origin: 'https://evil.test' } })).status).toBe(
      403,
    );
    const noHeader = await upload(client, image, { headers: { [MEDIA_UPLOAD_HEADER]: '' } });
    expect([403, 415]).toContain(noHeader.status);
    const json = await client.post('/api/media', { file: 'data:image/png;base64,AAAA' });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    expect(await storedCount(user.id)).toBe(0);
  });
});

describe('image addresses', () => {
  test('follow MEDIA_PUBLIC_URL when a CDN fronts the storage', async () => {
    const { client } = await app.seller();
    app.ctx.config.mediaPublicUrl = 'https://cdn.thankly.test/m';
    try {
      const created = await upload(client, await png(16, 9));
      expect(created.status).toBe(201);
      expect(created.body.media.url).toMatch(
        /^https:\/\/cdn\.thankly\.test\/m\/[0-9a-f-]{36}-[0-9a-f]{16}\.png$/,
      );
    } finally {
      app.ctx.config.mediaPublicUrl = undefined;
    }
  });
});

describe('upload rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      rateLimits: { mediaUploadPerUser: { max: 2, windowMs: 60_000 } },
    });
  });
  afterAll(() => limited?.close());

  test('counts per seller: the third upload in the window is 429, another seller is unaffected', async () => {
    const saved = app;
    app = limited;
    try {
      const a = await app.seller();
      const b = await app.seller();
      expect((await upload(a.client, await png(8, 8))).status).toBe(201);
      expect((await upload(a.client, await png(9, 9))).status).toBe(201);
      expect((await upload(a.client, await png(10, 10))).status).toBe(429);
      expect((await upload(b.client, await png(10, 10))).status).toBe(201);
      expect(await storedCount(a.user.id)).toBe(2);
    } finally {
      app = saved;
    }
  });
});

describe('uploaded images in sent emails', () => {
  /** Every <img> of an email's HTML with its src and width attribute. */
  const imagesIn = (html: string) =>
    [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => ({
      src: /\bsrc="([^"]*)"/.exec(tag)?.[1]?.replaceAll('&amp;', '&') ?? '',
      width: /\bwidth="(\d+)"/.exec(tag)?.[1] ?? null,
      maxWidth: /max-width:(\d+)px/.exec(tag)?.[1] ?? null,
    }));

  test('an "auto" image saved without a measured size gets its width from the stored upload', async () => {
    const { client, email } = await app.seller();
    const small = await upload(client, await png(320, 200));
    const wide = await upload(client, await png(900, 300));
    expect([small.status, wide.status]).toEqual([201, 201]);
    const smallUrl = small.body.media.url as string;
    const wideUrl = wide.body.media.url as string;
    const elsewhere = 'https://cdn.elsewhere.example/mug.png';
    const unsized = { type: 'image', width: 'auto', naturalWidth: null, naturalHeight: null };
    const design = {
      global: {},
      blocks: [
        { id: 'small', ...unsized, src: smallUrl, alt: 'Small' },
        {
          id: 'measured',
          type: 'image',
          src: smallUrl,
          alt: 'Measured',
          naturalWidth: 100,
          naturalHeight: 60,
        },
        { id: 'other', ...unsized, src: elsewhere, alt: 'Not ours' },
        {
          id: 'cols',
          type: 'columns',
          columns: [
            {
              id: 'c1',
              widthPct: 50,
              items: [{ id: 'wide', ...unsized, src: wideUrl, alt: 'Wide' }],
            },
            { id: 'c2', widthPct: 50, items: [] },
          ],
        },
      ],
    };
    const created = await client.post('/api/templates', {
      name: 'Photos',
      subject: 'Thank you',
      design,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await client.post(`/api/templates/selectors/select/${created.body.id}`);
    const template = created.body as { id: string };
    const stored = await client.get(`/api/templates/${template.id}`);
    expect(stored.body.design.blocks[0]).toMatchObject({ width: 'auto', naturalWidth: null });

    const shop = await connectDemoShop(app, client);
    await client.post(`/api/shops/${shop.id}/demo-order`);
    await waitForActivity(client, settled(1));
    const mail = await app.mail.waitFor(
      (m) => m.to.includes(email) && m.rawHeaders.has('list-unsubscribe'),
    );
    const images = imagesIn(mail.html).filter(
      (image) => image.src !== '' && !image.src.includes('/api/t/'),
    );
    const [first, measured, other, inColumn] = images;
    expect(first).toEqual({ src: smallUrl, width: '320', maxWidth: '320' });
    // What the editor measured stays; an image that is not the seller's upload stays unsized.
    expect(measured).toMatchObject({ src: smallUrl, width: '100' });
    expect(other).toEqual({ src: elsewhere, width: null, maxWidth: null });
    // A column is narrower than the upload: the attribute is the room it has.
    expect(inColumn!.src).toBe(wideUrl);
    expect(Number(inColumn!.width)).toBeGreaterThan(100);
    expect(Number(inColumn!.width)).toBeLessThan(900);

    // The seller's test email is rendered the same way.
    const before = app.mail.messages.length;
    expect((await client.post(`/api/emails/test/${template.id}`)).status).toBe(200);
    const test = await app.mail.waitFor(
      (m) => app.mail.messages.indexOf(m) >= before && m.subject.startsWith('[Test]'),
    );
    expect(imagesIn(test.html)[0]).toEqual({ src: smallUrl, width: '320', maxWidth: '320' });
  });
});
