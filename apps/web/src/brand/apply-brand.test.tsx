import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createDefaultTemplate, type Design } from '@thankly/email';
import type { Brand, Template } from '@thankly/api-contract';
import { createEditorStore } from '../editor/store/editor-store.ts';
import {
  SELLER,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
  type Handler,
} from '../test/harness.tsx';
import { APPLY_BRAND_MESSAGES } from './apply-brand.tsx';
import { applyBrandCommand } from './apply-brand-command.ts';

const NO_BRAND: Brand = {
  logoUrl: null,
  primaryColor: null,
  backgroundColor: null,
  textColor: null,
  fontFamily: null,
  signOff: null,
};
const BRAND: Brand = {
  ...NO_BRAND,
  primaryColor: '#0f766e',
  textColor: '#134e4a',
  fontFamily: 'Georgia, serif',
};

const saved: Template = {
  id: '4b7f6f5e-2f49-4c55-9f1a-0b6a1c1f9a11',
  name: 'Spring',
  subject: 'Thanks',
  preheader: '',
  language: 'en',
  html: '',
  design: createDefaultTemplate().design,
  sendConditions: { enabled: false, startDate: null, endDate: null },
  createdAt: '2026-05-01T10:00:00Z',
  updatedAt: '2026-05-01T10:00:00Z',
};

function buttonOf(design: Design) {
  const button = design.blocks.find((b) => b.type === 'button');
  if (button?.type !== 'button') throw new Error('no button');
  return button;
}

function seller(brand: Brand, handlers: Record<string, Handler> = {}) {
  return mockApi({
    'GET /auth/me': () => json({ user: SELLER }),
    'GET /stats/daily': () =>
      json({ sentToday: 0, dailyLimit: 5, tempLimit: 1, planName: 'Starter' }),
    [`GET /templates/${saved.id}`]: () => json(saved),
    'GET /brand': () => json({ brand }),
    ...handlers,
  });
}

async function openStyleTab() {
  renderApp(`/thankly/create?id=${saved.id}`);
  await screen.findByRole('heading', { name: 'Edit template' });
  const user = userEvent.setup();
  await user.click(screen.getAllByRole('tab', { name: 'Style' })[0]!);
  return user;
}

/** The canvas's coupon button, as the seller sees its colour. */
const canvasButton = () =>
  screen.getByTestId('editor-canvas').querySelector<HTMLElement>('[data-block-type="button"] span');

describe('apply brand', () => {
  useTestEnvironment();

  it('is one undo entry, and a brand already worn records nothing', () => {
    const design = createDefaultTemplate().design;
    const store = createEditorStore(design);
    store.run(applyBrandCommand, { brand: BRAND });
    const branded = store.getState().design;
    expect(branded).not.toBe(design);
    expect(buttonOf(branded).buttonColor).toBe('#0f766e');
    expect(store.getState().past).toHaveLength(1);
    store.run(applyBrandCommand, { brand: BRAND });
    expect(store.getState().past).toHaveLength(1);
    store.undo();
    expect(store.getState().design).toBe(design);
    expect(store.getState().past).toHaveLength(0);
  });

  it('recolours the template in the editor; Undo restores it; the toast says so', async () => {
    seller(BRAND);
    const user = await openStyleTab();
    const before = canvasButton()?.style.background;
    expect(before).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Apply brand' }));
    expect(await screen.findByText(APPLY_BRAND_MESSAGES.applied)).toBeTruthy();
    await waitFor(() => expect(canvasButton()?.style.background).toBe('rgb(15, 118, 110)'));
    expect(screen.getByText('Changes not yet live')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(canvasButton()?.style.background).toBe(before));
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('Changes not yet live')).toBeNull();
  });

  it('links to the Brand page instead when no brand is set', async () => {
    seller(NO_BRAND);
    await openStyleTab();
    const link = await screen.findByRole('link', { name: 'Set up your brand' });
    expect(link.getAttribute('href')).toBe('/thankly/brand');
    expect(screen.queryByRole('button', { name: 'Apply brand' })).toBeNull();
  });

  it('says when the brand cannot be loaded, and changes nothing', async () => {
    let calls = 0;
    seller(BRAND, {
      'GET /brand': () => (++calls === 1 ? json({ brand: BRAND }) : json({ error: 'Down' }, 503)),
    });
    const user = await openStyleTab();
    const before = canvasButton()?.style.background;
    await user.click(await screen.findByRole('button', { name: 'Apply brand' }));
    expect(await screen.findByText(APPLY_BRAND_MESSAGES.failed)).toBeTruthy();
    expect(canvasButton()?.style.background).toBe(before);
    expect(
      within(screen.getByRole('toolbar', { name: 'Editor modes' })).getByRole('button', {
        name: 'Undo',
      }),
    ).toHaveProperty('disabled', true);
  });

  it('a new template on the default design already wears the brand; without one it is as drawn', async () => {
    seller(BRAND, { 'GET /sending/settings': () => json({ couponCode: '' }) });
    renderApp('/thankly/create');
    await screen.findByRole('heading', { name: 'Create template' });
    await waitFor(() => expect(canvasButton()?.style.background).toBe('rgb(15, 118, 110)'));
    expect(screen.queryByText('Changes not yet live')).toBeNull();
    cleanup();

    seller(NO_BRAND, { 'GET /sending/settings': () => json({ couponCode: '' }) });
    renderApp('/thankly/create');
    await screen.findByRole('heading', { name: 'Create template' });
    const drawn = buttonOf(createDefaultTemplate().design).buttonColor;
    await waitFor(() => expect(canvasButton()).toBeTruthy());
    expect(canvasButton()!.style.background).not.toBe('rgb(15, 118, 110)');
    expect(drawn).not.toBe('#0f766e');
  });
});
