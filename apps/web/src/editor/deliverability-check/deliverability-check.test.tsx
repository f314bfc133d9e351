import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentCheckReport } from '@thankly/api-contract';
import {
  dashboardHandlers,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
  type Handler,
} from '../../test/harness.tsx';
import { CHECKING } from './deliverability-check.tsx';

const CHECK = 'POST /templates/deliverability-check';

const REPORT: ContentCheckReport = {
  findings: [
    { rule: 'size', level: 'pass', message: 'This email is 9 KB, well under the 102 KB.' },
    { rule: 'alt-text', level: 'warn', message: '1 image has no description (mug.jpg).' },
    { rule: 'image-ratio', level: 'pass', message: 'There is plenty of text.' },
    { rule: 'shortener', level: 'fail', message: '1 link goes through a URL shortener.' },
    { rule: 'plain-text', level: 'pass', message: 'The email has a plain-text version.' },
    { rule: 'spam-score', level: 'pass', message: 'SpamAssassin scores this email 0.3.' },
  ],
  htmlBytes: 9_000,
  spamScore: 0.3,
};

/** A reply the test lets go of when it has seen the loading state. */
function held(reply: () => Response) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler: Handler = async () => {
    await released;
    return reply();
  };
  return { handler, release };
}

async function openEditor(handlers: Record<string, Handler>) {
  const api = mockApi({
    ...dashboardHandlers(),
    ...handlers,
  });
  renderApp('/thankly/create');
  await screen.findByRole('heading', { name: 'Create template' }, { timeout: 5000 });
  return { api, user: userEvent.setup() };
}

describe('the editor’s deliverability check', () => {
  useTestEnvironment();

  it('checks the design on screen and lists the fixes first, with the score and size', async () => {
    const reply = held(() => json(REPORT));
    const { api, user } = await openEditor({ [CHECK]: reply.handler });
    await user.type(screen.getByLabelText('Email Subject'), ' now');
    const opener = screen.getByRole('button', { name: 'Check deliverability' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Deliverability check' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByRole('status').textContent).toBe(CHECKING);
    reply.release();

    expect(await within(dialog).findByText('2 things to fix.')).toBeTruthy();
    const items = within(within(dialog).getByRole('list', { name: 'Findings' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Fix this: 1 link goes through a URL shortener.',
      'Worth fixing: 1 image has no description (mug.jpg).',
      'Passed: This email is 9 KB, well under the 102 KB.',
      'Passed: There is plenty of text.',
      'Passed: The email has a plain-text version.',
      'Passed: SpamAssassin scores this email 0.3.',
    ]);
    expect(within(dialog).getByText('Spam score').nextElementSibling?.textContent).toBe('0.3');
    expect(within(dialog).getByText('Size').nextElementSibling?.textContent).toBe('9 KB');

    const body = api.callsTo(CHECK)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ subject: expect.stringMatching(/ now$/), language: 'en' });
    expect((body.design as { blocks: unknown[] }).blocks.length).toBeGreaterThan(3);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('shows the server’s words when the check is refused, and can try again', async () => {
    let calls = 0;
    const { user } = await openEditor({
      [CHECK]: () =>
        ++calls === 1
          ? json({ error: 'Too many requests. Please wait ~60s and try again.' }, 429, {
              'Retry-After': '60',
            })
          : json({ ...REPORT, findings: REPORT.findings.map((f) => ({ ...f, level: 'pass' })) }),
    });
    await user.click(screen.getByRole('button', { name: 'Check deliverability' }));
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait ~60s and try again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('All clear: nothing to fix.')).toBeTruthy();
  });

  it('says the spam score was not checked where the server has no SpamAssassin', async () => {
    const { user } = await openEditor({
      [CHECK]: () =>
        json({
          ...REPORT,
          spamScore: null,
          findings: [
            {
              rule: 'spam-score',
              level: 'skipped',
              message:
                'SpamAssassin is not installed on this server, so no spam score was computed.',
            },
          ],
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Check deliverability' }));
    const dialog = screen.getByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByText('Spam score').nextElementSibling?.textContent).toBe(
        'Not checked',
      ),
    );
    expect(within(dialog).getByRole('listitem').textContent).toMatch(
      /^Not checked: SpamAssassin is not installed/,
    );
  });
});
