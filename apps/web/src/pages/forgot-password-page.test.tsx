import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, renderApp, useTestEnvironment, type Handler } from '../test/harness.tsx';

const CONFIRMATION = "If that email exists, we've sent a reset link.";

async function submitWith(handler: Handler) {
  const api = mockApi({ 'POST /pw/forgot': handler });
  renderApp('/forgot-password');
  const user = userEvent.setup();
  expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
  expect(screen.getByText(/Check your spam folder/)).toBeTruthy();
  await user.type(screen.getByLabelText('Email'), 'elena@example.com');
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  expect(await screen.findByText(CONFIRMATION)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Return to login' })).toBeTruthy();
  return api;
}

describe('forgot password', () => {
  useTestEnvironment();

  it('shows the neutral confirmation and nothing else on success', async () => {
    const api = await submitWith(() => json({ ok: true }));
    expect(screen.queryByText(/You may need to wait/)).toBeNull();
    expect(screen.queryByText(/^Note:/)).toBeNull();
    expect(api.callsTo('POST /pw/forgot')[0]?.body).toEqual({ email: 'elena@example.com' });
  });

  it('adds the wait note when Retry-After comes with a success', async () => {
    await submitWith(() => json({ ok: true }, 200, { 'Retry-After': '45' }));
    expect(screen.getByText('You may need to wait ~45s before requesting another.')).toBeTruthy();
    expect(screen.queryByText(/^Note:/)).toBeNull();
  });

  it('on 429 shows the confirmation, the wait and the server note', async () => {
    await submitWith(() =>
      json({ error: 'Too many requests, try again later.' }, 429, { 'Retry-After': '60' }),
    );
    expect(screen.getByText('You may need to wait ~60s before requesting another.')).toBeTruthy();
    expect(screen.getByText('Note: Too many requests, try again later.')).toBeTruthy();
  });

  it("notes 'Request failed' when the server gave no error text", async () => {
    await submitWith(() => new Response('', { status: 500 }));
    expect(screen.getByText('Note: Request failed')).toBeTruthy();
  });

  it("notes 'Request failed' when the network is down", async () => {
    await submitWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(screen.getByText('Note: Request failed')).toBeTruthy();
  });

  it('refuses an empty address without asking the server and keeps the focus on it', async () => {
    const api = mockApi({ 'POST /pw/forgot': () => json({ ok: true }) });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    expect(email.hasAttribute('required')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(api.callsTo('POST /pw/forgot')).toHaveLength(0);
    expect(screen.queryByText(CONFIRMATION)).toBeNull();
    expect((email as HTMLInputElement).validity.valueMissing).toBe(true);
  });

  it('says it is sending and keeps the button busy until the server answers', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({ 'POST /pw/forgot': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'elena@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const busy = await screen.findByRole('button', { name: 'Sending…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer(json({ ok: true }));
    expect(await screen.findByText(CONFIRMATION)).toBeTruthy();
  });
});
