import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, renderApp, useTestEnvironment } from '../test/harness.tsx';

const TOKEN = 'a'.repeat(64);

function ruleStates() {
  const list = screen.getByRole('list', { name: 'Password rules' });
  return within(list)
    .getAllByRole('listitem')
    .map(
      (item) =>
        `${item.dataset.met === 'true' ? '✓' : '·'} ${item.textContent?.replace(/\(.*\)/, '').replace(/^[✓○]/, '')}`,
    );
}

describe('reset password', () => {
  useTestEnvironment();

  it('shows the token field only when the link carried no token', async () => {
    mockApi({});
    const view = renderApp('/reset-password');
    expect(await screen.findByLabelText('Reset token')).toBeTruthy();
    view.unmount();
    renderApp(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByLabelText('New password')).toBeTruthy();
    expect(screen.queryByLabelText('Reset token')).toBeNull();
  });

  it('ticks the four rules live and enables submit only when valid and matching', async () => {
    mockApi({});
    renderApp(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup();
    const submit = () => screen.getByRole('button', { name: 'Update password' });
    const password = await screen.findByLabelText('New password');
    expect(ruleStates()).toEqual([
      '· At least 8 characters.',
      '· One uppercase letter.',
      '· One lowercase letter.',
      '· One number.',
    ]);
    await user.type(password, 'abc');
    expect(ruleStates()).toEqual([
      '· At least 8 characters.',
      '· One uppercase letter.',
      '✓ One lowercase letter.',
      '· One number.',
    ]);
    await user.type(password, 'DEFGH1');
    expect(ruleStates().every((r) => r.startsWith('✓'))).toBe(true);
    expect(submit()).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Confirm password'), 'abcDEFGH');
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    expect(submit()).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Confirm password'), '1');
    expect(screen.queryByText('Passwords do not match.')).toBeNull();
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('needs a token when none came in the link', async () => {
    mockApi({});
    renderApp('/reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'abcDEF12');
    await user.type(screen.getByLabelText('Confirm password'), 'abcDEF12');
    const submit = screen.getByRole('button', { name: 'Update password' });
    expect(submit).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Reset token'), TOKEN);
    expect(submit).toHaveProperty('disabled', false);
  });

  it('shows the success screen after the reset', async () => {
    const api = mockApi({ 'POST /pw/reset': () => json({ ok: true }) });
    renderApp(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'abcDEF12');
    await user.type(screen.getByLabelText('Confirm password'), 'abcDEF12');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('heading', { name: 'Password updated' })).toBeTruthy();
    expect(screen.getByText('You can now sign in')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to login' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(api.callsTo('POST /pw/reset')[0]?.body).toEqual({ token: TOKEN, password: 'abcDEF12' });
  });

  it("shows the server's error, else 'Invalid or expired reset token'", async () => {
    mockApi({ 'POST /pw/reset': () => new Response('', { status: 400 }) });
    renderApp(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'abcDEF12');
    await user.type(screen.getByLabelText('Confirm password'), 'abcDEF12');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Invalid or expired reset token')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Need a new link?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('sends nothing on Enter while the passwords do not match', async () => {
    const api = mockApi({ 'POST /pw/reset': () => json({ ok: true }) });
    renderApp(`/reset-password?token=${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'abcDEF12');
    await user.type(screen.getByLabelText('Confirm password'), 'abcDEF13{Enter}');
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    expect(api.callsTo('POST /pw/reset')).toHaveLength(0);
  });

  it('sends the typed token trimmed, says it is updating, and drops an old error', async () => {
    let answer: (response: Response) => void = () => {};
    const api = mockApi({
      'POST /pw/reset': () =>
        api.callsTo('POST /pw/reset').length === 1
          ? json({ error: 'Token expired' }, 400)
          : new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Reset token'), ` ${TOKEN} `);
    await user.type(screen.getByLabelText('New password'), 'abcDEF12');
    await user.type(screen.getByLabelText('Confirm password'), 'abcDEF12');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Token expired')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    const busy = await screen.findByRole('button', { name: 'Updating…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(screen.queryByText('Token expired')).toBeNull();
    answer(json({ ok: true }));
    expect(await screen.findByRole('heading', { name: 'Password updated' })).toBeTruthy();
    expect(api.callsTo('POST /pw/reset').map((c) => c.body)).toEqual([
      { token: TOKEN, password: 'abcDEF12' },
      { token: TOKEN, password: 'abcDEF12' },
    ]);
  });
});
