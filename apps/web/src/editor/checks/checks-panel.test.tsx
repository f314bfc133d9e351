// The checks panel in the editor: the count on its button, the items with their fixes, the way to
// each block or field, the spam score from the server, and items going once fixed.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { designSchema } from '@thankly/email';
import type { ContentCheckReport, Template } from '@thankly/api-contract';
import {
  SELLER,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
  type Handler,
} from '../../test/harness.tsx';

const ID = '7c1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const CHECK = 'POST /templates/deliverability-check';
const PHOTO = 'https://media.thankly.test/m/mug.jpg';

const template: Template = {
  id: ID,
  name: 'Spring',
  subject: 'Thanks',
  preheader: '',
  language: 'en',
  html: '',
  design: designSchema.parse({
    blocks: [
      { id: 'hello', type: 'text', content: 'Thank you for your order!' },
      { id: 'cta', type: 'button', text: 'Visit the shop', url: '' },
      { id: 'mug', type: 'image', src: PHOTO, alt: '' },
    ],
  }),
  sendConditions: { enabled: false, startDate: null, endDate: null },
  createdAt: '2026-05-01T10:00:00Z',
  updatedAt: '2026-05-01T10:00:00Z',
};

const REPORT: ContentCheckReport = {
  findings: [{ rule: 'spam-score', level: 'pass', message: 'SpamAssassin scores this email 0.3.' }],
  htmlBytes: 12_000,
  spamScore: 0.3,
};

async function openEditor(check: Handler = () => json(REPORT)) {
  const api = mockApi({
    'GET /auth/me': () => json({ user: { ...SELLER, plan: 'free' } }),
    'GET /stats/daily': () =>
      json({ sentToday: 0, dailyLimit: 5, tempLimit: 1, planName: 'Starter' }),
    'GET /shops': () =>
      json({ shops: [], available: { etsy: false, shopify: false, woocommerce: true } }),
    'GET /sending/settings': () => json({ couponCode: '' }),
    'GET /media': () =>
      json({
        media: [
          {
            id: 'm1',
            url: PHOTO,
            width: 1200,
            height: 900,
            bytes: 450_000,
            contentType: 'image/jpeg',
            fileName: 'mug.jpg',
            createdAt: '2026-05-01T10:00:00Z',
            usedIn: [],
          },
        ],
        usage: { bytes: 450_000, quotaBytes: 25 * 1024 * 1024 },
      }),
    [`GET /templates/${ID}`]: () => json(template),
    [CHECK]: check,
  });
  renderApp(`/thankly/create?id=${ID}`);
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Edit template' }, { timeout: 15_000 });
  return { api, user };
}

const itemNames = (panel: HTMLElement) =>
  within(within(panel).getByRole('list', { name: 'Things to fix' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('the editor’s checks panel', () => {
  useTestEnvironment();

  it('counts what to fix on its button, lists each with its fix, and goes to it', async () => {
    const { api, user } = await openEditor();
    // Counted before the panel (or its code) is opened.
    const opener = await screen.findByRole(
      'button',
      { name: 'Checks 3 to fix' },
      { timeout: 30_000 },
    );
    expect(screen.queryByRole('region', { name: 'Checks before sending' })).toBeNull();
    expect(api.callsTo(CHECK)).toHaveLength(0);

    await user.click(opener);
    const panel = await screen.findByRole('region', { name: 'Checks before sending' });
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    // The media library says the picture is 450 KB: a fourth item once it has answered.
    await waitFor(() =>
      expect(itemNames(panel)).toEqual([
        'Fix this: Button block 2 · Link leads nowhere',
        'Worth fixing: Preview text · No preview line',
        'Worth fixing: Image block 3 · No description',
        'Worth fixing: Image block 3 · Picture too heavy',
      ]),
    );
    expect(within(panel).getByText(/has no web address, so it would lead nowhere/)).toBeTruthy();
    expect(within(panel).getByText(/Type what it shows in Alt text/)).toBeTruthy();
    expect(within(panel).getByText(/This picture is 440 KB/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Checks 4 to fix' })).toBe(opener);

    // The server scores the email as it is on screen, once, when the panel opens.
    expect(await within(panel).findByText('0.3')).toBeTruthy();
    expect(api.callsTo(CHECK)).toHaveLength(1);
    expect(api.callsTo(CHECK)[0]?.body).toMatchObject({ subject: 'Thanks', language: 'en' });
    // The size as sent, from the server's measure.
    expect(within(panel).getByRole('meter', { name: 'Size' }).getAttribute('aria-valuetext')).toBe(
      '12 KB of 102 KB',
    );

    await user.click(
      within(panel).getByRole('button', { name: 'Go to Button block 2 (link leads nowhere)' }),
    );
    const frame = document.querySelector('[data-block-id="cta"]');
    await waitFor(() => expect(document.activeElement).toBe(frame));
    expect(frame?.getAttribute('aria-current')).toBe('true');

    await user.click(
      within(panel).getByRole('button', { name: 'Go to Preview text (no preview line)' }),
    );
    const preview = screen.getByLabelText('Preview text');
    expect(document.activeElement).toBe(preview);
    await user.type(preview, 'Your mug is on its way.');
    await waitFor(() =>
      expect(itemNames(panel)).not.toContain('Worth fixing: Preview text · No preview line'),
    );
    expect(screen.getByRole('button', { name: 'Checks 3 to fix' })).toBe(opener);
    // Scored before that edit: the panel says so rather than call the server on every change.
    expect(within(panel).getByText('You changed the email since this score.')).toBeTruthy();
    expect(api.callsTo(CHECK)).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(api.callsTo(CHECK)).toHaveLength(2));
    await waitFor(() =>
      expect(within(panel).queryByText('You changed the email since this score.')).toBeNull(),
    );

    await user.click(within(panel).getByRole('button', { name: 'Close checks' }));
    expect(screen.queryByRole('region', { name: 'Checks before sending' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  }, 120_000);

  it('says plainly when the server has no SpamAssassin', async () => {
    const { user } = await openEditor(() =>
      json({
        ...REPORT,
        spamScore: null,
        findings: [
          {
            rule: 'spam-score',
            level: 'skipped',
            message: 'SpamAssassin is not installed on this server, so no spam score was computed.',
          },
        ],
      }),
    );
    await user.click(
      await screen.findByRole('button', { name: /^Checks \d+ to fix$/ }, { timeout: 30_000 }),
    );
    const panel = await screen.findByRole('region', { name: 'Checks before sending' });
    expect(await within(panel).findByText('Not available')).toBeTruthy();
    expect(within(panel).getByText(/SpamAssassin is not installed on this server/)).toBeTruthy();
  }, 90_000);

  it('shows the server’s words when the spam check is refused, and can try again', async () => {
    let calls = 0;
    const { user } = await openEditor(() =>
      ++calls === 1
        ? json({ error: 'Too many requests. Please wait ~60s and try again.' }, 429, {
            'Retry-After': '60',
          })
        : json(REPORT),
    );
    await user.click(
      await screen.findByRole('button', { name: /^Checks \d+ to fix$/ }, { timeout: 30_000 }),
    );
    const panel = await screen.findByRole('region', { name: 'Checks before sending' });
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait ~60s and try again.',
    );
    // The design's own checks do not wait for the server.
    expect(within(panel).getByRole('list', { name: 'Things to fix' })).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Check again' }));
    expect(await within(panel).findByText('0.3')).toBeTruthy();
  }, 90_000);
});
