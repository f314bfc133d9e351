import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RESTYLE_MESSAGES, type Brand } from '@thankly/api-contract';
import {
  SELLER,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
  type Handler,
} from '../test/harness.tsx';
import { BRAND_MESSAGES } from './brand-form.ts';

const NO_BRAND: Brand = {
  logoUrl: null,
  primaryColor: null,
  backgroundColor: null,
  textColor: null,
  fontFamily: null,
  signOff: null,
};

function seller(brand: Brand, handlers: Record<string, Handler> = {}) {
  return mockApi({
    'GET /auth/me': () => json({ user: SELLER }),
    'GET /stats/daily': () =>
      json({ sentToday: 0, dailyLimit: 5, tempLimit: 1, planName: 'Starter' }),
    'GET /brand': () => json({ brand }),
    ...handlers,
  });
}

async function openBrandPage() {
  renderApp('/thankly/brand');
  await screen.findByRole('heading', { name: 'Your brand' });
  return userEvent.setup();
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('brand page', () => {
  useTestEnvironment();

  it('is in the app navigation and shows the saved brand in its fields', async () => {
    seller({
      ...NO_BRAND,
      primaryColor: '#b45309',
      fontFamily: 'Georgia, serif',
      signOff: 'Love, Maria',
    });
    await openBrandPage();
    const nav = screen.getByRole('navigation', { name: 'App' });
    expect(within(nav).getByRole('link', { name: 'Brand' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(field('Primary colour').value).toBe('#b45309');
    expect(field('Primary colour picker').value).toBe('#b45309');
    expect(field('Background colour').value).toBe('');
    expect((screen.getByLabelText('Font') as HTMLSelectElement).value).toBe('Georgia, serif');
    expect((screen.getByLabelText('Sign-off') as HTMLTextAreaElement).value).toBe('Love, Maria');
    expect(screen.getByTitle('Sample email with your brand')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save brand' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('keeps the colour picker and the hex field in step', async () => {
    seller(NO_BRAND);
    const user = await openBrandPage();
    await user.type(field('Primary colour'), '#0F766E');
    expect(field('Primary colour picker').value).toBe('#0f766e');
    // The sample email wears it at once, rendered by the email renderer.
    await waitFor(() =>
      expect(
        screen.getByTitle('Sample email with your brand').getAttribute('srcdoc')?.toLowerCase(),
      ).toContain('#0f766e'),
    );
    // The picker writes the field.
    const picker = field('Background colour picker');
    fireEvent.input(picker, { target: { value: '#fef3c7' } });
    await waitFor(() => expect(field('Background colour').value).toBe('#fef3c7'));
  });

  it('refuses a colour that is not #rrggbb, next to its field, and sends nothing', async () => {
    const api = seller(NO_BRAND);
    const user = await openBrandPage();
    await user.type(field('Text colour'), '#12345');
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    const text = field('Text colour');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    const describedBy = text.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
      BRAND_MESSAGES.color,
    );
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(api.callsTo('PUT /brand')).toEqual([]);
    // Editing the field takes its message away.
    await user.type(text, '6');
    expect(text.getAttribute('aria-invalid')).toBeNull();
  });

  it('saves only the fields the seller changed, a cleared one as null', async () => {
    const saved: Brand = {
      ...NO_BRAND,
      logoUrl: 'https://shop.example/logo.png',
      signOff: 'Love, Maria',
    };
    const api = seller(saved, {
      'PUT /brand': (body) => json({ brand: { ...saved, ...(body as Partial<Brand>) } }),
    });
    const user = await openBrandPage();
    await user.type(field('Primary colour'), '#4F46E5');
    await user.clear(screen.getByLabelText('Sign-off'));
    await user.selectOptions(screen.getByLabelText('Font'), 'Lora, Georgia, serif');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(await screen.findByText(BRAND_MESSAGES.saved)).toBeTruthy();
    expect(api.callsTo('PUT /brand').map((c) => c.body)).toEqual([
      { primaryColor: '#4f46e5', fontFamily: 'Lora, Georgia, serif', signOff: null },
    ]);
    expect(screen.getByText('All changes saved')).toBeTruthy();
    expect(field('Logo address').value).toBe('https://shop.example/logo.png');
  });

  it('after a save, offers to restyle the saved templates, and Undo puts them back', async () => {
    const restyleId = '7d4e9a3c-3b1e-4a8e-9d7b-2f1c0a5b6e4d';
    const api = seller(NO_BRAND, {
      'PUT /brand': (body) => json({ brand: { ...NO_BRAND, ...(body as Partial<Brand>) } }),
      'GET /brand/restyle': () => json({ templates: 3 }),
      'POST /brand/restyle': () => json({ restyled: 3, restyleId }),
      [`POST /brand/restyle/${restyleId}/undo`]: () => json({ restored: 3, kept: 0 }),
    });
    const user = await openBrandPage();
    await user.type(field('Primary colour'), '#2f6b4f');
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    const offer = await screen.findByRole('heading', {
      name: RESTYLE_MESSAGES.offer(3),
    });
    expect(offer.textContent).toBe('Restyle your 3 templates with the new brand?');
    expect(screen.getByText(RESTYLE_MESSAGES.offerDetail)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Restyle 3 templates' }));
    expect(await screen.findByText(RESTYLE_MESSAGES.done(3))).toBeTruthy();
    expect(api.callsTo('POST /brand/restyle')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(RESTYLE_MESSAGES.undone)).toBeTruthy();
    expect(api.callsTo(`POST /brand/restyle/${restyleId}/undo`)).toHaveLength(1);
  });

  it('offers nothing when no template would change, and Not now closes the offer', async () => {
    let count = 0;
    const api = seller(NO_BRAND, {
      'PUT /brand': (body) => json({ brand: { ...NO_BRAND, ...(body as Partial<Brand>) } }),
      'GET /brand/restyle': () => json({ templates: count }),
    });
    const user = await openBrandPage();
    await user.type(field('Primary colour'), '#2f6b4f');
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    await waitFor(() => expect(api.callsTo('GET /brand/restyle')).toHaveLength(1));
    expect(screen.queryByText(/Restyle/)).toBeNull();

    count = 1;
    await user.clear(field('Primary colour'));
    await user.type(field('Primary colour'), '#7c3aed');
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(
      await screen.findByRole('heading', { name: 'Restyle your template with the new brand?' }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByText(/Restyle/)).toBeNull();
    expect(api.callsTo('POST /brand/restyle')).toHaveLength(0);
  });

  it("says why a save failed, in the server's words, and keeps the seller's input", async () => {
    seller(NO_BRAND, {
      'PUT /brand': () => json({ error: 'Expected a colour like #4f46e5' }, 400),
    });
    const user = await openBrandPage();
    await user.type(field('Primary colour'), '#123456');
    await user.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(await screen.findByText('Expected a colour like #4f46e5')).toBeTruthy();
    expect(field('Primary colour').value).toBe('#123456');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('warns when the text colour is hard to read on the background colour', async () => {
    seller({ ...NO_BRAND, backgroundColor: '#ffffff' });
    const user = await openBrandPage();
    await user.type(field('Text colour'), '#aaaaaa');
    expect(screen.getByText(/Hard to read/).closest('[role="status"]')?.textContent).toMatch(
      /2\.3:1/,
    );
    await user.clear(field('Text colour'));
    await user.type(field('Text colour'), '#333333');
    expect(screen.queryByText(/Hard to read/)).toBeNull();
  });

  it('asks before leaving with unsaved changes', async () => {
    seller(NO_BRAND, {
      'GET /templates/': () => json({ templates: [] }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const user = await openBrandPage();
    await user.type(screen.getByLabelText('Sign-off'), 'Thanks!');
    await user.click(
      within(screen.getByRole('navigation', { name: 'App' })).getByRole('link', {
        name: 'Templates',
      }),
    );
    expect(confirm).toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Your brand' })).toBeTruthy();
    confirm.mockRestore();
  });

  it('offers to try again when the brand cannot be loaded', async () => {
    let fail = true;
    seller(NO_BRAND, {
      'GET /brand': () => (fail ? json({ error: 'Down' }, 503) : json({ brand: NO_BRAND })),
    });
    renderApp('/thankly/brand');
    expect(await screen.findByText(BRAND_MESSAGES.loadFailed)).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your brand' })).toBeTruthy();
  });
});
