// Saving a template whose button leads nowhere: the editor stays open, names the button in the
// seller's words and fixes it in one click.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { designSchema } from '@thankly/email';
import type { LinkWarning, Template } from '@thankly/api-contract';
import { SELLER, json, mockApi, renderApp, useTestEnvironment } from '../../test/harness.tsx';
import { LINK_WARNING_TEXTS } from './link-warnings.tsx';
import { SAVE_MESSAGES } from './use-save-template.ts';

const ID = '4b7f6f5e-2f49-4c55-9f1a-0b6a1c1f9a11';
const design = designSchema.parse({
  blocks: [
    { id: 'hello', type: 'text', content: 'Thank you!' },
    { id: 'cta', type: 'button', text: 'Visit the shop', url: '' },
  ],
});
const template: Template = {
  id: ID,
  name: 'Spring',
  subject: 'Thanks',
  preheader: '',
  language: 'en',
  html: '',
  design,
  sendConditions: { enabled: false, startDate: null, endDate: null },
  createdAt: '2026-05-01T10:00:00Z',
  updatedAt: '2026-05-01T10:00:00Z',
};
const WARNING: LinkWarning = {
  blockId: 'cta',
  message: 'The button “Visit the shop” has no web address, so it would lead nowhere.',
  fix: { label: 'Use the shop’s web address', url: '[shop-url]' },
};

describe('saving a button that leads nowhere', () => {
  useTestEnvironment();

  it('stays in the editor, names the button, and fixes it in one click', async () => {
    const api = mockApi({
      'GET /auth/me': () => json({ user: { ...SELLER, plan: 'free' } }),
      'GET /stats/daily': () =>
        json({ sentToday: 0, dailyLimit: 5, tempLimit: 1, planName: 'Starter' }),
      'GET /shops': () =>
        json({ shops: [], available: { etsy: false, shopify: false, woocommerce: true } }),
      'GET /sending/settings': () => json({ couponCode: '' }),
      [`GET /templates/${ID}`]: () => json(template),
      [`PUT /templates/${ID}`]: (body) => {
        const sent = body as { design: typeof design };
        const dead = sent.design.blocks.some((b) => b.type === 'button' && b.url === '');
        return json({ ...template, ...(body as object), linkWarnings: dead ? [WARNING] : [] });
      },
    });
    renderApp(`/thankly/create?id=${ID}`);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Edit template' }, { timeout: 15_000 });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(LINK_WARNING_TEXTS.saved)).toBeTruthy();
    expect(screen.getByText(WARNING.message)).toBeTruthy();
    // Still in the editor, not back on the dashboard.
    expect(screen.queryByRole('heading', { name: 'Your Thank-You Notes' })).toBeNull();

    await user.click(screen.getByRole('button', { name: WARNING.fix.label }));
    expect(screen.queryByText(WARNING.message)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT /templates/${ID}`)).toHaveLength(2));
    const second = api.callsTo(`PUT /templates/${ID}`)[1]?.body as { design: typeof design };
    expect(second.design.blocks.find((b) => b.id === 'cta')).toMatchObject({ url: '[shop-url]' });
    // Saved with nothing to fix: the usual confirmation, the warnings gone, still editing.
    expect(await screen.findByText(SAVE_MESSAGES.updated, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(WARNING.message)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Edit template' })).toBeTruthy();
  }, 60_000);
});
