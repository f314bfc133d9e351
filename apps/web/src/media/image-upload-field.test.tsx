import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MEDIA_UPLOAD_HEADER, type Media } from '@thankly/api-contract';
import { json, mockApi, useTestEnvironment } from '../test/harness.tsx';
import { ImageUploadField } from './image-upload-field.tsx';

const STORED: Media = {
  id: '0f3c7c1e-6a55-4f7b-9d59-9f9b6d6f2a11',
  url: 'https://app.thankly.test/media/0f3c7c1e-6a55-4f7b-9d59-9f9b6d6f2a11-0123456789abcdef.png',
  width: 480,
  height: 160,
  bytes: 20_480,
  contentType: 'image/png',
  fileName: 'logo.png',
  createdAt: '2026-11-24T10:00:00.000Z',
  usedIn: [],
};
const USAGE = { bytes: 20_480, quotaBytes: 25 * 1024 * 1024 };

/** A stand-in XMLHttpRequest that records what is sent and answers as the server would. */
class FakeUpload {
  static sent: FakeUpload[] = [];
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  abort() {}
  send(body: FormData) {
    this.body = body;
    FakeUpload.sent.push(this);
  }
  /** The test moves the upload on: some progress, then the server's answer. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  finish() {
    this.status = FakeUpload.answer.status;
    this.responseText = JSON.stringify(FakeUpload.answer.body);
    this.onload?.();
  }
}

function renderField(onChoose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ImageUploadField label="Logo" value="" onChoose={onChoose} />
    </QueryClientProvider>,
  );
  return onChoose;
}

const png = (name = 'logo.png', size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('image upload field', () => {
  useTestEnvironment();

  it('sends the file as multipart with the upload header, shows progress, and hands over the stored image', async () => {
    FakeUpload.sent = [];
    FakeUpload.answer = { status: 201, body: { media: STORED, usage: USAGE } };
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const onChoose = renderField();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Logo file'), png());

    const [xhr] = FakeUpload.sent;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/media', withCredentials: true });
    expect(xhr!.headers[MEDIA_UPLOAD_HEADER]).toBe('1');
    expect((xhr!.body!.get('file') as File).name).toBe('logo.png');
    // The browser sets the multipart boundary itself: no Content-Type of ours.
    expect(Object.keys(xhr!.headers).map((h) => h.toLowerCase())).not.toContain('content-type');

    xhr!.progress(512, 2048);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading logo.png' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    xhr!.finish();
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith(STORED));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says why a file is refused: too large before sending, the server’s reason after', async () => {
    FakeUpload.sent = [];
    FakeUpload.answer = {
      status: 415,
      body: { error: 'Please upload a PNG, JPEG, GIF or WebP image.' },
    };
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const onChoose = renderField();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Logo file'), png('huge.png', 5 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toContain('larger than 5 MB');
    expect(FakeUpload.sent).toHaveLength(0);

    // Dropped onto the zone: the same path, refused by the server from the bytes.
    const zone = screen.getByRole('group', { name: 'Logo' });
    fireEvent.drop(zone, { dataTransfer: { files: [png('page.png')], types: ['Files'] } });
    expect(FakeUpload.sent).toHaveLength(1);
    FakeUpload.sent[0]!.finish();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Please upload a PNG, JPEG, GIF or WebP image.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss upload error' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('the library picks an earlier image, shows the storage used, and asks before deleting one in use', async () => {
    const inUse = { ...STORED, usedIn: [{ id: 't1', name: 'Spring sale' }] };
    let deleted = false;
    const api = mockApi({
      'GET /media': () => json({ media: deleted ? [] : [inUse], usage: USAGE }),
      [`DELETE /media/${STORED.id}`]: (_body, request) => {
        if (!new URL(request.url).searchParams.has('force'))
          return json({ error: 'in use', usedIn: inUse.usedIn }, 409);
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const onChoose = renderField();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Your images' }));
    const library = await screen.findByRole('list', { name: 'Your images' });
    expect(screen.getByText('Image storage: 20 KB of 25.0 MB used')).toBeTruthy();

    await user.click(within(library).getByRole('button', { name: 'Delete logo.png' }));
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('is used in “Spring sale”');
    expect(deleted).toBe(false);
    await user.click(within(warning).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(within(library).getByRole('button', { name: 'Use logo.png' }));
    expect(onChoose).toHaveBeenCalledWith(inUse);

    await user.click(screen.getByRole('button', { name: 'Your images' }));
    const again = await screen.findByRole('list', { name: 'Your images' });
    await user.click(within(again).getByRole('button', { name: 'Delete logo.png' }));
    await user.click(
      within(await screen.findByRole('alert')).getByRole('button', { name: 'Delete anyway' }),
    );
    await screen.findByText(/No images yet/);
    // Asked twice without force (each time the seller started a delete), then once with it.
    expect(api.callsTo(`DELETE /media/${STORED.id}`)).toHaveLength(3);
  });
});
