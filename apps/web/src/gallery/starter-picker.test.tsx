import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createDefaultTemplate, designSchema, type Design } from '@thankly/email';
import type { Brand, GalleryDesign } from '@thankly/api-contract';
import {
  SELLER,
  json,
  mockApi,
  renderApp,
  savedTemplate,
  useTestEnvironment,
  type Handler,
} from '../test/harness.tsx';
import { SET_UP_BRAND } from './brand-nudge.tsx';
import { PICKER_TITLE } from './starter-picker.tsx';

const NO_BRAND: Brand = {
  logoUrl: null,
  primaryColor: null,
  backgroundColor: null,
  textColor: null,
  fontFamily: null,
  signOff: null,
};

function designWithHeading(text: string): Design {
  const design = createDefaultTemplate().design;
  return designSchema.parse({
    ...design,
    blocks: design.blocks.map((b) => (b.type === 'heading' ? { ...b, content: text } : b)),
  });
}

const GALLERY: GalleryDesign[] = [
  {
    id: 'classic',
    name: 'Classic thank-you',
    subject: 'Thank you, [customer-first-name|friend]!',
    description: 'A warm note for every order.',
    design: designWithHeading('Thanks a million'),
  },
  {
    id: 'coupon',
    name: 'Coupon for next order',
    subject: 'A little something for next time',
    description: 'Brings buyers back with a code.',
    design: designWithHeading('Here is 15% off'),
  },
  {
    id: 'blank',
    name: 'Blank',
    subject: '',
    description: 'Start from an empty canvas.',
    design: designSchema.parse({ blocks: [] }),
  },
];

function seller({
  brand = NO_BRAND,
  templates = 0,
  handlers = {},
}: { brand?: Brand; templates?: number; handlers?: Record<string, Handler> } = {}) {
  return mockApi({
    'GET /auth/me': () => json({ user: SELLER }),
    'GET /stats/daily': () =>
      json({ sentToday: 0, dailyLimit: 5, tempLimit: 1, planName: 'Starter' }),
    'GET /templates/': () =>
      json({
        templates: Array.from({ length: templates }, (_, i) => ({
          id: `t${i}`,
          name: `Template ${i}`,
          subject: 'Thanks',
          preheader: '',
          language: 'en',
          html: '<p>Hi</p>',
          sendConditions: { enabled: false, startDate: null, endDate: null },
          createdAt: '2026-05-01T10:00:00Z',
          updatedAt: '2026-05-01T10:00:00Z',
          activeNow: false,
        })),
      }),
    'GET /templates/selectors/selected': () => json({ selectedTemplateId: null }),
    'GET /templates/effective': () =>
      json({ templateId: null, overridden: false, date: '2026-05-02' }),
    'GET /templates/t0/empty-tokens': () => json({ emptyTokens: [] }),
    'GET /shops': () =>
      json({ shops: [], available: { etsy: false, shopify: false, woocommerce: true } }),
    'GET /activity': () => json({ items: [] }),
    'GET /sending/settings': () => json({ couponCode: '' }),
    'GET /me': () =>
      json({
        email: SELLER.email,
        plan: 'free',
        isPaused: false,
        emailVerified: true,
        pendingEmail: null,
      }),
    'GET /brand': () => json({ brand }),
    'GET /templates/gallery': () => json({ designs: GALLERY }),
    ...handlers,
  });
}

async function openPicker() {
  renderApp('/thankly');
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: 'New template' });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  await user.click(button);
  const dialog = await screen.findByRole('dialog', { name: PICKER_TITLE });
  await within(dialog).findByRole('list', { name: 'Starter designs' });
  return { user, dialog, button };
}

const tileNames = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Starter designs' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('starter design picker', () => {
  useTestEnvironment();

  it('New template opens the starter designs, Blank first, each with a live thumbnail', async () => {
    seller();
    const { dialog } = await openPicker();
    expect(tileNames(dialog)).toEqual(['Blank', 'Classic thank-you', 'Coupon for next order']);
    const coupon = within(dialog).getByRole('button', { name: 'Coupon for next order' });
    expect(coupon.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(coupon.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Brings buyers back with a code.',
    );
    // The thumbnail is the email the renderer writes, in a frame that runs nothing.
    const frame = dialog.querySelector<HTMLIFrameElement>(
      '[data-starter="coupon"] iframe[title="Preview of Coupon for next order"]',
    );
    expect(frame?.getAttribute('sandbox')).toBe('');
    expect(frame?.getAttribute('srcdoc')).toContain('Here is 15% off');
    expect(frame?.style.width).toBe('600px');
  });

  it('moves between tiles with the arrow keys and opens the editor with the chosen design on Enter', async () => {
    const api = seller({
      handlers: { 'POST /templates': (body) => json(savedTemplate(body), 201) },
    });
    const { user, dialog } = await openPicker();
    const tile = (name: string) => within(dialog).getByRole('button', { name });
    await waitFor(() => expect(document.activeElement).toBe(tile('Blank')));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tile('Classic thank-you'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tile('Coupon for next order'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tile('Classic thank-you'));
    await user.keyboard('{ArrowDown}{Enter}');

    expect(await screen.findByRole('heading', { name: 'Create template' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText('Template Name') as HTMLInputElement).value).toBe(
      'Coupon for next order',
    );
    expect((screen.getByLabelText('Email Subject') as HTMLInputElement).value).toBe(
      'A little something for next time',
    );
    expect(within(screen.getByTestId('editor-canvas')).getByText('Here is 15% off')).toBeTruthy();
    // Nothing is saved until the seller saves.
    expect(api.callsTo('POST /templates')).toEqual([]);
    expect(screen.queryByText('Changes not yet live')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template created!')).toBeTruthy();
    const body = api.callsTo('POST /templates')[0]?.body as { name: string; design: unknown };
    expect(body.name).toBe('Coupon for next order');
    expect(body.design).toEqual(GALLERY[1]!.design);
  });

  it('Tab stays inside the picker and Escape closes it, back on New template', async () => {
    seller();
    const { user, button } = await openPicker();
    // A Tab past either end reaches a focus guard, which hands the focus back a frame later.
    for (let i = 0; i < 8; i++) {
      await user.tab();
      await vi.waitFor(() =>
        expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true),
      );
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('links to the Brand page while the seller has no brand', async () => {
    seller();
    const { user, dialog } = await openPicker();
    await user.click(await within(dialog).findByRole('link', { name: SET_UP_BRAND }));
    expect(await screen.findByRole('heading', { name: 'Your brand' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has no brand link when the brand is set', async () => {
    seller({ brand: { ...NO_BRAND, primaryColor: '#0f766e' } });
    const { dialog } = await openPicker();
    await waitFor(() => expect(screen.queryByText(/Add your logo and colours/)).toBeNull());
    expect(within(dialog).queryByRole('link', { name: SET_UP_BRAND })).toBeNull();
  });

  it('still refuses a new template when the slots are used up, without opening the picker', async () => {
    seller({ templates: 1 });
    renderApp('/thankly');
    await screen.findByText('Template 0');
    await userEvent.setup().click(screen.getByRole('button', { name: 'New template' }));
    expect(await screen.findByText(/used up all your template slots/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers to try again when the starter designs cannot be loaded', async () => {
    let fail = true;
    seller({
      handlers: {
        'GET /templates/gallery': () =>
          fail ? json({ error: 'Down' }, 503) : json({ designs: GALLERY }),
      },
    });
    renderApp('/thankly');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'New template' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: PICKER_TITLE });
    expect(
      await within(dialog).findByText('The starter designs could not be loaded.'),
    ).toBeTruthy();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('button', { name: 'Classic thank-you' })).toBeTruthy();
    // The focus lands on the first tile, not on the page behind.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Blank' })),
    );
  });

  it('says when a starter design in the address does not exist', async () => {
    seller();
    renderApp('/thankly/create?starter=nope');
    expect(await screen.findByText(/This template is not available/)).toBeTruthy();
  });
});
