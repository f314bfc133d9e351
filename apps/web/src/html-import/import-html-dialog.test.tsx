import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createDefaultTemplate } from '@thankly/email';
import type { TemplateDraft } from '@thankly/api-contract';
import {
  dashboardHandlers,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
} from '../test/harness.tsx';
import { IMPORT_MESSAGES, MAX_IMPORT_BYTES } from './import-html-email.ts';
import { IMPORT_TITLE, REPLACE_DRAFT_QUESTION } from './import-html-dialog.tsx';

const EMAIL = `<title>Spring thanks</title><table width="600"><tr><td>
  <h1>Thank you for your order!</h1><p>We hope you love it.</p>
  <blockquote onmouseover="alert(1)">Kind words</blockquote><script>alert(2)</script>
</td></tr></table>`;

/** The dashboard, with the server's new-template draft kept between calls. */
function seller(existing: TemplateDraft | null = null, over: Record<string, unknown> = {}) {
  let draft = existing;
  return mockApi({
    ...dashboardHandlers(),
    'GET /templates/new/draft': () => json({ draft }),
    'PUT /templates/new/draft': (body) => {
      const { baseRevision, content } = body as { baseRevision: number; content: never };
      if (baseRevision !== (draft?.revision ?? 0)) return json({ error: 'Newer', draft }, 409);
      draft = { revision: baseRevision + 1, updatedAt: '2026-05-02T10:00:00Z', content };
      return json(draft);
    },
    ...(over as object),
  });
}

async function openDialog() {
  renderApp('/thankly');
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Import HTML' }));
  return screen.findByRole('dialog', { name: IMPORT_TITLE });
}

describe('Import HTML', () => {
  useTestEnvironment();

  it('imports a pasted email as the new-template draft, sanitised, and opens it in the editor', async () => {
    const api = seller();
    const dialog = await openDialog();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('textbox', { name: 'Email HTML' }));
    await user.paste(EMAIL);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    await screen.findByRole('heading', { name: 'Create template' }, { timeout: 10_000 });
    await screen.findByText('Imported as 3 blocks, 1 kept as locked HTML.');
    const [put] = api.callsTo('PUT /templates/new/draft');
    const { baseRevision, content } = put!.body as {
      baseRevision: number;
      content: { name: string; design: { blocks: Array<{ type: string; html: string }> } };
    };
    expect(baseRevision).toBe(0);
    expect(content.name).toBe('Spring thanks');
    expect(content.design.blocks.map((b) => b.type)).toEqual(['heading', 'text', 'html']);
    expect(JSON.stringify(content)).not.toMatch(/alert|script|onmouseover/);
    expect((screen.getByLabelText('Template Name') as HTMLInputElement).value).toBe(
      'Spring thanks',
    );
    await screen.findByText('Kind words');
  });

  it('asks before replacing a new template the seller started, and changes nothing on Cancel', async () => {
    const started: TemplateDraft = {
      revision: 4,
      updatedAt: '2026-05-01T10:00:00Z',
      content: {
        name: 'Half done',
        subject: '',
        preheader: '',
        language: 'en',
        design: createDefaultTemplate().design,
        sendConditions: { enabled: false, startDate: '', endDate: '' },
      },
    };
    const api = seller(started);
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    const dialog = await openDialog();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('textbox', { name: 'Email HTML' }));
    await user.paste(EMAIL);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(REPLACE_DRAFT_QUESTION));
    expect(api.callsTo('PUT /templates/new/draft')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await screen.findByRole('heading', { name: 'Create template' }, { timeout: 10_000 });
    expect(api.callsTo('PUT /templates/new/draft')[0]!.body).toMatchObject({ baseRevision: 4 });
    confirm.mockRestore();
  });

  it('refuses a file over the size limit and an email with nothing to import, in words', async () => {
    const api = seller();
    const dialog = await openDialog();
    const user = userEvent.setup();
    const big = new File(['x'.repeat(MAX_IMPORT_BYTES + 1)], 'huge.html', { type: 'text/html' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, big);
    await within(dialog).findByText(IMPORT_MESSAGES.tooLarge);

    const small = new File(['<script>alert(1)</script>'], 'empty.html', { type: 'text/html' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, small);
    await within(dialog).findByText('empty.html loaded below.');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await within(dialog).findByText(IMPORT_MESSAGES.nothingFound);
    expect(api.callsTo('PUT /templates/new/draft')).toEqual([]);
  });
});
