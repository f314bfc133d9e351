// One contract for image storage, on disk and on S3 (an s3rver the test starts), and the whole
// upload -> serve -> delete path with the app's images in S3.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { MEDIA_UPLOAD_HEADER } from '@thankly/api-contract';
import { DiskMediaStorage, type MediaStorage } from '../../src/media/media-storage.ts';
import { S3MediaStorage } from '../../src/media/s3-media-storage.ts';
import { type S3StandIn, startS3StandIn } from '../support/s3-stand-in.ts';
import { type TestApp, startTestApp } from '../support/test-app.ts';

let s3: S3StandIn;
let diskDir: string;
beforeAll(async () => {
  s3 = await startS3StandIn();
  diskDir = await mkdtemp(path.join(tmpdir(), 'thankly-media-'));
});
afterAll(async () => {
  await s3?.close();
  if (diskDir) await rm(diskDir, { recursive: true, force: true });
});

const KEY = '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b-0123456789abcdef.png';
const OTHER = '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b-fedcba9876543210.jpg';

const storages: [string, () => MediaStorage][] = [
  ['disk', () => new DiskMediaStorage(diskDir)],
  ['S3', () => new S3MediaStorage(s3.settings)],
];

describe.each(storages)('%s media storage', (_name, make) => {
  test('put, get the same bytes back, delete; unknown keys read as null', async () => {
    const storage = make();
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 0, 255]);
    expect(await storage.get(KEY)).toBeNull();
    await storage.put(KEY, bytes, 'image/png');
    expect(await storage.get(KEY)).toEqual(bytes);
    expect(await storage.get(OTHER)).toBeNull();
    await storage.delete(KEY);
    expect(await storage.get(KEY)).toBeNull();
    // Deleting what is not there is not an error.
    await storage.delete(KEY);
  });

  test('refuses names that are not storage keys', async () => {
    const storage = make();
    await expect(storage.put('../../etc/passwd', Buffer.from('x'), 'image/png')).rejects.toThrow();
    await expect(storage.get('../secret.png')).rejects.toThrow();
  });
});

describe('the app with its images in S3', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ mediaStorage: new S3MediaStorage(s3.settings) });
  });
  afterAll(() => app?.close());

  test('upload, serve publicly, delete, then the address is gone', async () => {
    const { client } = await app.seller();
    const image = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#0f766e' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)]), 'logo.png');
    const response = await fetch(`${app.url}/api/media`, {
      method: 'POST',
      body: form,
      headers: {
        [MEDIA_UPLOAD_HEADER]: '1',
        cookie: `thankly_session=${client.cookie('thankly_session')}`,
      },
    });
    expect(response.status).toBe(201);
    const { media } = (await response.json()) as {
      media: { id: string; url: string; bytes: number };
    };

    const served = await fetch(media.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(media.bytes);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 64, height: 48 });

    const key = media.url.split('/').pop()!;
    expect(await new S3MediaStorage(s3.settings).get(key)).toEqual(bytes);

    expect((await client.delete(`/api/media/${media.id}`)).status).toBe(204);
    expect((await fetch(media.url)).status).toBe(404);
    expect(await new S3MediaStorage(s3.settings).get(key)).toBeNull();
  });
});
