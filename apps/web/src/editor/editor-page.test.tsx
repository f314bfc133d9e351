import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createDefaultTemplate, renderEmail } from '@thankly/email';
import type { Template } from '@thankly/api-contract';
import {
  SELLER,
  connectedShop,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
  type Handler,
} from '../test/harness.tsx';

const DASHBOARD: Record<string, Handler> = {
  'GET /templates/': () => json({ templates: [] }),
  'GET /templates/selectors/selected': () => json({ selectedTemplateId: null }),
  'GET /templates/effective': () =>
    json({ templateId: null, overridden: false, date: '2026-05-02' }),
  'GET /shops': () =>
    json({ shops: [], available: { etsy: false, shopify: false, woocommerce: true } }),
  'GET /activity': () => json({ items: [] }),
  'GET /sending/settings': () => json({ couponCode: '' }),
  'GET /journey': () =>
    json({
      timeZone: 'Europe/Athens',
      steps: [],
      stepLimit: 1,
      thankYouTemplateName: null,
      marketplaces: [],
    }),
};

function seller(plan: 'free' | 'growth', handlers: Record<string, Handler> = {}) {
  const paid = plan === 'growth';
  return mockApi({
    ...DASHBOARD,
    'GET /auth/me': () => json({ user: { ...SELLER, plan } }),
    'GET /stats/daily': () =>
      json({
        sentToday: 0,
        dailyLimit: paid ? 100 : 5,
        tempLimit: paid ? 20 : 1,
        planName: paid ? 'Growth' : 'Starter',
      }),
    ...handlers,
  });
}

const saved: Template = {
  id: '4b7f6f5e-2f49-4c55-9f1a-0b6a1c1f9a11',
  name: 'Spring',
  subject: 'Hi [customer-first-name]',
  preheader: 'A gift inside',
  language: 'de',
  html: '',
  design: createDefaultTemplate().design,
  sendConditions: { enabled: true, startDate: '2026-05-01', endDate: '2026-05-31' },
  createdAt: '2026-05-01T10:00:00Z',
  updatedAt: '2026-05-01T10:00:00Z',
};

/** The conditional-sending switch (on in `saved`, whose dates would not pass validation). */
const panelEnable = () =>
  within(screen.getByRole('group', { name: 'Conditional sending' })).getByLabelText('Enable');

async function openEditor(path = '/thankly/create') {
  renderApp(path);
  // The default wait (src/test/async-waits.ts): the first editor of a file imports its lazy
  // chunk, which took over 5 s beside the other projects in CI.
  await screen.findByRole('heading', {
    name: path.includes('id=') ? 'Edit template' : 'Create template',
  });
  return userEvent.setup();
}

describe('editor page', () => {
  useTestEnvironment();

  it('starts from the default template and creates it without sendConditions on Starter', async () => {
    const api = seller('free', {
      'POST /templates': (body) => json({ ...saved, ...(body as object) }, 201),
      [`GET /templates/${saved.id}`]: () => json(saved),
      [`PUT /templates/${saved.id}`]: (body) => json({ ...saved, ...(body as object) }),
    });
    const user = await openEditor();
    expect(screen.queryByText('Conditional sending')).toBeNull();
    const canvas = screen.getByTestId('editor-canvas');
    expect(within(canvas).getByText('Thank you for your order!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template created!')).toBeTruthy();
    // Saving keeps the seller in the editor, now editing the template just created: a second
    // Save updates it rather than creating another.
    expect(await screen.findByRole('heading', { name: 'Edit template' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your Thank-You Notes' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template updated sucessfully!')).toBeTruthy();
    expect(api.callsTo('POST /templates')).toHaveLength(1);
    expect(api.callsTo(`PUT /templates/${saved.id}`)).toHaveLength(1);
    const body = api.callsTo('POST /templates')[0]?.body as Record<string, unknown>;
    const { design, name, subject } = createDefaultTemplate();
    expect(body).toEqual({
      name,
      subject,
      preheader: '',
      language: 'en',
      design,
      html: renderEmail(design, { title: subject }).html,
    });
  });

  it('loads, edits and saves the preview text and the email language', async () => {
    const api = seller('growth', {
      [`GET /templates/${saved.id}`]: () => json(saved),
      [`PUT /templates/${saved.id}`]: (body) => json({ ...saved, ...(body as object) }),
    });
    const user = await openEditor(`/thankly/create?id=${saved.id}`);
    const preview = (await screen.findByLabelText('Preview text')) as HTMLInputElement;
    const language = screen.getByLabelText('Email language') as HTMLSelectElement;
    expect(preview.value).toBe('A gift inside');
    expect(preview.maxLength).toBe(150);
    expect(language.value).toBe('de');
    expect([...language.options].map((o) => o.value)).toEqual([
      'en',
      'de',
      'fr',
      'es',
      'it',
      'el',
      'ar',
      'he',
    ]);
    expect(screen.getByText(/137 characters left/)).toBeTruthy();

    await user.clear(preview);
    await user.type(preview, 'Hi [[first-name], a gift <inside>');
    await user.selectOptions(language, 'he');
    // A bracketed word that is no token is pointed out, as in the subject.
    expect(await screen.findByText('[first-name]')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Preview HTML' }));
    const source = screen.getByTestId('html-source').textContent ?? '';
    expect(source).toContain('<html lang="he" dir="rtl"');
    expect(source).toContain('mso-hide:all">Hi [first-name], a gift &lt;inside&gt;&#847;');

    await user.click(panelEnable());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template updated sucessfully!')).toBeTruthy();
    const body = api.callsTo(`PUT /templates/${saved.id}`)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ preheader: 'Hi [first-name], a gift <inside>', language: 'he' });
    expect(body.html).toContain('<html lang="he" dir="rtl"');
  });

  it('checks the name before sending', async () => {
    const api = seller('free');
    const user = await openEditor();
    await user.clear(screen.getByLabelText('Template Name'));
    await user.type(screen.getByLabelText('Template Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a template name.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Template Name')),
    );
    expect(api.callsTo('POST /templates')).toHaveLength(0);
  });

  it('shows the server error in an alert when saving fails', async () => {
    seller('free', {
      'POST /templates': () =>
        json({ error: 'You have reached your template limit - please upgrade your plan.' }, 403),
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const user = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'You have reached your template limit - please upgrade your plan.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    // The plan's limit: the way out stays on screen after the alert.
    const toast = (await screen.findByTestId('toast')) as HTMLElement;
    expect(within(toast).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe(
      '/Account#plans',
    );
    alert.mockRestore();
  });

  it('falls back to the exception message, then to the default text', async () => {
    seller('free', { 'POST /templates': () => new Response('', { status: 500 }) });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const user = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Request failed (500)'));
    // Not a plan limit: nothing to upgrade.
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
    alert.mockRestore();
  });

  it('edits a saved template with conditional sending on a paid plan', async () => {
    const api = seller('growth', {
      [`GET /templates/${saved.id}`]: () => json(saved),
      [`PUT /templates/${saved.id}`]: (body) => json({ ...saved, ...(body as object) }),
    });
    const user = await openEditor(`/thankly/create?id=${saved.id}`);
    expect(await screen.findByDisplayValue('Spring')).toBeTruthy();
    const panel = within(screen.getByRole('group', { name: 'Conditional sending' }));
    expect(panel.getByText(/can override your currently selected template/)).toBeTruthy();
    const start = panel.getByLabelText('Start date') as HTMLInputElement;
    const end = panel.getByLabelText('End date') as HTMLInputElement;
    expect(start.value).toBe('2026-05-01');

    fireEvent.change(end, { target: { value: '2026-04-01' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('End date cannot be before start date.')).toBeTruthy();
    fireEvent.change(end, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Please set both a start and end date for conditional sending.'),
    ).toBeTruthy();
    expect(api.callsTo(`PUT /templates/${saved.id}`)).toHaveLength(0);

    // Turning it off disables the dates and lets it save.
    await user.click(panel.getByLabelText('Enable'));
    expect(start.disabled).toBe(true);
    expect(end.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Template updated sucessfully!')).toBeTruthy();
    const body = api.callsTo(`PUT /templates/${saved.id}`)[0]?.body as { sendConditions: unknown };
    expect(body.sendConditions).toEqual({ enabled: false, startDate: '2026-05-01', endDate: null });
  });

  it('adds, selects, edits and undoes blocks from the keyboard and the canvas', async () => {
    seller('free');
    const user = await openEditor();
    const canvas = screen.getByTestId('editor-canvas');
    const frames = () => canvas.querySelectorAll('[data-block-frame]').length;
    expect(frames()).toBe(8);
    expect(screen.getByText('Select a block to edit its settings')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add a block after Heading block 3' }));
    const menu = screen.getByRole('menu', { name: 'Block types' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Heading', 'Text', 'Button', 'Image', 'Divider', 'Spacer', 'Columns']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add a block after Heading block 3' }));
    await user.click(screen.getByRole('menuitem', { name: 'Divider' }));
    expect(frames()).toBe(9);
    // The new block is selected and its settings are shown.
    expect(
      screen.getByRole('group', { name: 'Divider block 4' }).getAttribute('aria-current'),
    ).toBe('true');
    expect(screen.getByLabelText('Line thickness')).toBeTruthy();

    // Delete it from the keyboard, then undo and redo with the shortcuts.
    screen.getByRole('group', { name: 'Divider block 4' }).focus();
    await user.keyboard('{Delete}');
    expect(frames()).toBe(8);
    await user.keyboard('{Control>}z{/Control}');
    expect(frames()).toBe(9);
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(frames()).toBe(8);
    await user.keyboard('{Control>}z{/Control}');
    await user.keyboard('{Control>}y{/Control}');
    expect(frames()).toBe(8);

    // Reset to default keeps the block but restores its content.
    // Selecting a heading opens its text for editing on the canvas and enables the toolbar.
    const bold = screen.getByRole('button', { name: 'Bold' });
    expect(bold).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('group', { name: 'Heading block 3' }));
    // The rich-text engine loads on its own, so the editor may open a moment after the click.
    const text = await within(canvas).findByRole('textbox', { name: 'Heading text' });
    expect(text.getAttribute('contenteditable')).toBe('true');
    expect(bold).toHaveProperty('disabled', false);
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    // 'Show tokens' inserts at the cursor, as one token chip.
    await user.click(screen.getByRole('button', { name: 'Show tokens' }));
    await user.click(screen.getByRole('button', { name: 'Insert [shop-name] at the cursor' }));
    const chip = text.querySelector('[data-token]');
    // One chip for the token, read by its label; the token itself is kept as written.
    expect(chip?.getAttribute('data-token')).toBe('[shop-name]');
    expect(chip?.textContent).toBe('Shop name');
    expect(text.textContent).toContain('Thank you for your order!');
    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(within(canvas).getByRole('textbox', { name: 'Heading text' }).textContent).toBe(
      'A great big thank you',
    );
    // Undo brings the edit back into the open editor; clicking away closes it.
    await user.keyboard('{Control>}z{/Control}');
    expect(
      within(canvas).getByRole('textbox', { name: 'Heading text' }).querySelector('[data-token]'),
    ).toBeTruthy();
    await user.click(screen.getByRole('heading', { name: 'Create template' }));
    expect(within(canvas).queryByRole('textbox', { name: 'Heading text' })).toBeNull();
    expect(bold).toHaveProperty('disabled', true);
  });

  it('reorders by drag and drop, keeping the move buttons', async () => {
    seller('free');
    const user = await openEditor();
    const canvas = screen.getByTestId('editor-canvas');
    const order = () =>
      [...canvas.querySelectorAll<HTMLElement>(':scope [data-block-frame]')].map(
        (f) => f.dataset.blockId,
      );
    const before = order();
    const handle = screen.getByRole('img', { name: 'Drag Heading block 3 to reorder' });
    const target = screen.getByRole('group', { name: 'Text block 5' }).parentElement!;
    const dataTransfer = { effectAllowed: '', setData: () => {}, getData: () => '' };
    fireEvent.dragStart(handle, { dataTransfer });
    // jsdom has no layout: the pointer counts as below the middle of the target.
    fireEvent.dragOver(target, { dataTransfer, clientY: 10 });
    fireEvent.drop(target, { dataTransfer, clientY: 10 });
    fireEvent.dragEnd(handle, { dataTransfer });
    expect(order()).toEqual([
      before[0],
      before[1],
      before[3],
      before[4],
      'heading',
      ...before.slice(5),
    ]);
    // Undo puts it back; the buttons move it too.
    await user.keyboard('{Control>}z{/Control}');
    expect(order()).toEqual(before);
    await user.click(screen.getByRole('group', { name: 'Heading block 3' }));
    await user.click(screen.getByRole('button', { name: 'Move Heading block 3 down' }));
    expect(order()[3]).toBe('heading');
  });

  it('warns about unknown tokens and copies known ones', async () => {
    seller('free');
    const user = await openEditor();
    const subject = screen.getByLabelText('Email Subject');
    await user.clear(subject);
    await user.type(subject, 'Hi [[first-name]');
    expect(await screen.findByText('[first-name]')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show tokens' }));
    expect(screen.getByText(/combine tokens/)).toBeTruthy();
    const writeText = vi
      .fn()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy [customer-first-name]' }));
    expect(await screen.findByText('Copied!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('[customer-first-name]');
    await user.click(screen.getByRole('button', { name: 'Copy [shop-name]' }));
    expect(await screen.findByText('Copy failed')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Show tokens' })).toBeTruthy();
  });

  it('warns while a token the seller cannot fill is in the design, and stops once it has a fallback', async () => {
    seller('free', {
      'GET /shops': () =>
        json({
          shops: [connectedShop()],
          available: { etsy: false, shopify: false, woocommerce: true },
        }),
    });
    const user = await openEditor();
    const notice = await screen.findByRole('status', { name: 'Tokens that will be empty' });
    // The default template's coupon button, with no coupon code saved.
    expect(notice.textContent).toBe(
      'You have no coupon code saved, so buyers won’t see the part that shows [coupon-code]. Add your code under Coupon code on the dashboard.',
    );
    // A WooCommerce shop never sends tracking links: using the token in the subject warns too.
    const subject = screen.getByLabelText('Email Subject');
    await user.clear(subject);
    await user.type(subject, 'Track [[tracking-link]');
    expect(
      await within(notice).findByText(/^Your marketplace doesn’t send tracking links/),
    ).toBeTruthy();
    await user.clear(subject);
    await user.type(subject, 'Track [[tracking-link|soon]');
    await waitFor(() => expect(within(notice).queryByText(/^\[tracking-link\]/)).toBeNull());
  });

  it('says nothing of tracking for a template only journey steps after shipping send', async () => {
    const { EMPTY_BRAND, starterDesigns } = await import('@thankly/email');
    const starter = starterDesigns(EMPTY_BRAND).find((d) => d.id === 'shipped')!;
    const shippedTemplate: Template = {
      ...saved,
      name: 'Shipped: tracking',
      subject: starter.subject,
      design: starter.design,
      sendConditions: { enabled: false, startDate: null, endDate: null },
    };
    const journeyWith = (trigger: string) => () =>
      json({
        timeZone: 'UTC',
        steps: [
          {
            id: '5b7f6f5e-2f49-4c55-9f1a-0b6a1c1f9a12',
            name: 'Shipped: tracking',
            kind: 'follow-up',
            templateId: saved.id,
            templateName: 'Shipped: tracking',
            trigger,
            delay: { amount: 0, unit: 'hours' },
            conditions: { buyer: 'any', minTotal: null, productContains: null, shopId: null },
            sendWindow: null,
            incentiveWarning: null,
          },
        ],
        stepLimit: 3,
        thankYouTemplateName: null,
        marketplaces: [],
      });
    const api = seller('growth', {
      'GET /sending/settings': () => json({ couponCode: 'SAVE10' }),
      [`GET /templates/${saved.id}`]: () => json(shippedTemplate),
      'GET /journey': journeyWith('shipped'),
    });
    await openEditor(`/thankly/create?id=${saved.id}`);
    await screen.findByDisplayValue('Shipped: tracking');
    // Loaded: the journey, the selection, the shops and the coupon code; still no warning.
    await waitFor(() => {
      for (const call of [
        'GET /journey',
        'GET /templates/selectors/selected',
        'GET /shops',
        'GET /sending/settings',
      ]) {
        expect(api.callsTo(call).length).toBeGreaterThan(0);
      }
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('status', { name: 'Tokens that will be empty' })).toBeNull();
  });

  it('still says the tracking link is empty at payment for a template no step after shipping sends', async () => {
    const { EMPTY_BRAND, starterDesigns } = await import('@thankly/email');
    const starter = starterDesigns(EMPTY_BRAND).find((d) => d.id === 'shipped')!;
    seller('growth', {
      'GET /sending/settings': () => json({ couponCode: 'SAVE10' }),
      [`GET /templates/${saved.id}`]: () =>
        json({
          ...saved,
          subject: starter.subject,
          design: starter.design,
          sendConditions: { enabled: false, startDate: null, endDate: null },
        }),
    });
    await openEditor(`/thankly/create?id=${saved.id}`);
    const notice = await screen.findByRole('status', { name: 'Tokens that will be empty' });
    expect(notice.textContent).toContain('before there is a tracking link');
  });

  it('shows the rendered HTML in Preview HTML mode', async () => {
    seller('free');
    const user = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Preview HTML' }));
    const { design, subject } = createDefaultTemplate();
    expect(screen.getByTestId('html-source').textContent).toBe(
      renderEmail(design, { title: subject }).html,
    );
    expect(screen.getByTitle('Email preview').getAttribute('sandbox')).toBe('');
    await user.click(screen.getByRole('button', { name: 'Mobile' }));
    expect(screen.getByTestId('preview-frame').style.width).toBe('390px');
    await user.click(screen.getByRole('button', { name: 'Dark' }));
    expect(screen.getByTestId('preview-frame').style.filter).toContain('invert(1)');
  });

  it('sends a test of the unsaved design from the editor, after checking the name', async () => {
    const api = seller('free', {
      'POST /emails/test': () => json({ ok: true, sentTo: SELLER.email, emptyTokens: [] }),
    });
    const user = await openEditor();
    const name = screen.getByLabelText('Template Name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Please enter a template name.')).toBeTruthy();
    expect(api.callsTo('POST /emails/test')).toHaveLength(0);

    await user.type(name, 'Draft only');
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test email sent! Check your inbox...')).toBeTruthy();
    const body = api.callsTo('POST /emails/test')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Draft only', design: createDefaultTemplate().design });
    expect(api.callsTo('POST /templates')).toHaveLength(0);
    // Still editing, unsaved.
    expect(screen.getByRole('heading', { name: 'Create template' })).toBeTruthy();
    expect(screen.getByText('Changes not yet live')).toBeTruthy();
  });

  it('says a refused test in the server’s words', async () => {
    seller('free', {
      'POST /emails/test': () => json({ error: 'Confirm your email address first.' }, 403),
    });
    const user = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Confirm your email address first.')).toBeTruthy();
  });

  it('asks before leaving with unsaved changes', async () => {
    seller('free');
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    const user = await openEditor();
    await user.type(screen.getByLabelText('Template Name'), '!');
    await user.click(screen.getByRole('link', { name: '← Back' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes. Leave without saving?');
    expect(screen.getByRole('heading', { name: 'Create template' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: '← Back' }));
    expect(
      await screen.findByRole('heading', { name: 'Your Thank-You Notes' }, { timeout: 10_000 }),
    ).toBeTruthy();
    confirm.mockRestore();
  });
});
