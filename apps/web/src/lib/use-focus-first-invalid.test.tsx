import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS } from '@thankly/api-contract';
import { SELLER, json, mockApi, renderApp, useTestEnvironment } from '../test/harness.tsx';

const focused = (label: string) =>
  waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(label)));

describe('a refused form moves the focus to its first invalid field', () => {
  useTestEnvironment();

  it('contact: the first field with an error, in page order', async () => {
    mockApi({});
    renderApp('/contact');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Elena');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await focused('Email');
    // Fixing it moves the focus on to the next one that is still wrong.
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await focused('Name');
  });

  it('registration: a missing name before a missing password', async () => {
    const api = mockApi({});
    renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), SELLER.email);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please fill out all fields.')).toBeTruthy();
    await focused('Name');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
    expect(api.callsTo('POST /auth/register')).toHaveLength(0);
  });

  it('account: the new password when it is too short', async () => {
    mockApi({
      'GET /auth/me': () => json({ user: SELLER }),
      'GET /me': () =>
        json({
          email: SELLER.email,
          plan: 'free',
          isPaused: false,
          emailVerified: true,
          pendingEmail: null,
        }),
      'GET /plans': () => json({ plans: PLANS }),
    });
    renderApp('/Account');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'Secret123');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('New password must be at least 8 characters')).toBeTruthy();
    await focused('New password');
  });
});
