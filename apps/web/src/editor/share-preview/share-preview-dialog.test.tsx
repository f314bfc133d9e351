import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHARED_PREVIEW_MESSAGES, type SharedPreview } from '@thankly/api-contract';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, useTestEnvironment } from '../../test/harness.tsx';
import SharePreviewDialog, { SHARE_TEXTS } from './share-preview-dialog.tsx';

const TEMPLATE_ID = '7b0f1c4e-2f7a-4c55-9a57-0a4c1b7e9d01';
const base = `/templates/${TEMPLATE_ID}/shares`;

function link(over: Partial<SharedPreview> = {}): SharedPreview {
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    label: 'Print shop',
    createdAt: '2026-11-28T10:00:00.000Z',
    expiresAt: '2026-12-05T10:00:00.000Z',
    ...over,
  };
}

function renderDialog() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <SharePreviewDialog templateId={TEMPLATE_ID} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

describe('Share a preview dialog', () => {
  useTestEnvironment();

  it('makes a link with the chosen expiry and name, shows its address once and lists it', async () => {
    const made = link({ expiresAt: '2026-12-12T10:00:00.000Z' });
    let shares: SharedPreview[] = [];
    const api = mockApi({
      [`GET ${base}`]: () => json({ shares }),
      [`POST ${base}`]: () => {
        shares = [made];
        return json({ share: made, url: 'http://localhost/preview/abc' }, 201);
      },
    });
    renderDialog();
    expect(await screen.findByText(SHARE_TEXTS.empty)).toBeTruthy();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Link works for'), '14');
    await user.type(screen.getByLabelText('Who is it for? (optional)'), 'Print shop');
    await user.click(screen.getByRole('button', { name: SHARE_TEXTS.create }));

    const address = await screen.findByRole('textbox', { name: 'Preview link' });
    expect((address as HTMLInputElement).value).toBe('http://localhost/preview/abc');
    expect(screen.getByText(SHARE_TEXTS.copyOnce)).toBeTruthy();
    expect(api.callsTo(`POST ${base}`)[0]!.body).toEqual({
      expiresInDays: 14,
      label: 'Print shop',
    });
    const list = await screen.findByRole('list');
    expect(within(list).getByText('Print shop')).toBeTruthy();
    expect(within(list).getByText(/Works until Dec 12, 2026/)).toBeTruthy();
  });

  it('says in words why the server refused a link, and lists nothing new', async () => {
    mockApi({
      [`GET ${base}`]: () => json({ shares: [] }),
      [`POST ${base}`]: () => json({ error: SHARED_PREVIEW_MESSAGES.tooMany }, 409),
    });
    renderDialog();
    await screen.findByText(SHARE_TEXTS.empty);
    await userEvent.setup().click(screen.getByRole('button', { name: SHARE_TEXTS.create }));
    expect(await screen.findByText(SHARED_PREVIEW_MESSAGES.tooMany)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Preview link' })).toBeNull();
    expect(screen.getByText(SHARE_TEXTS.empty)).toBeTruthy();
  });

  it('revokes a link only after the seller confirms', async () => {
    let shares = [link()];
    const api = mockApi({
      [`GET ${base}`]: () => json({ shares }),
      [`DELETE ${base}/${link().id}`]: () => {
        shares = [];
        return json({ ok: true });
      },
    });
    renderDialog();
    const revoke = await screen.findByRole('button', { name: 'Revoke Print shop' });
    const user = userEvent.setup();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await user.click(revoke);
    expect(confirm).toHaveBeenCalledOnce();
    expect(api.callsTo(`DELETE ${base}/${link().id}`)).toHaveLength(0);

    confirm.mockReturnValueOnce(true);
    await user.click(revoke);
    await waitFor(() => expect(screen.getByText(SHARE_TEXTS.empty)).toBeTruthy());
    expect(api.callsTo(`DELETE ${base}/${link().id}`)).toHaveLength(1);
    confirm.mockRestore();
  });

  it('says so when the links cannot be loaded', async () => {
    mockApi({ [`GET ${base}`]: () => json({ error: 'Something broke' }, 500) });
    renderDialog();
    expect(await screen.findByText(SHARE_TEXTS.loadFailed)).toBeTruthy();
  });
});
