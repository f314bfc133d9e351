import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  json,
  mockApi,
  offContract,
  renderApp,
  useTestEnvironment,
  type Handler,
} from '../test/harness.tsx';

async function fillAndSend(handler: Handler) {
  const api = mockApi({ 'POST /contact': handler });
  renderApp('/contact');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Name'), 'Elena');
  await user.type(screen.getByLabelText('Email'), 'elena@example.com');
  await user.type(screen.getByLabelText('Message'), 'Hello there');
  await user.click(screen.getByRole('button', { name: 'Send message' }));
  return { api, user };
}

describe('contact form', () => {
  useTestEnvironment();

  it('shows each validation message and the length/1000 counter', async () => {
    const api = mockApi({});
    renderApp('/contact');
    const user = userEvent.setup();
    expect(await screen.findByText('0/1000')).toBeTruthy();
    expect(screen.getByText(/Mon–Fri 9–5 EET/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please add your name.')).toBeTruthy();
    expect(screen.getByText('An email is required.')).toBeTruthy();
    expect(screen.getByText('A short message helps us respond faster.')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Message'), 'Hi!');
    expect(screen.getByText('3/1000')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter a valid email.')).toBeTruthy();
    expect(api.callsTo('POST /contact')).toHaveLength(0);
  });

  it("reads 'Sending…' while submitting, then 'Thanks!', and 'Send another message' resets", async () => {
    let answer: (r: Response) => void = () => {};
    const { api, user } = await fillAndSend(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending).toHaveProperty('disabled', true);
    answer(json({ ok: true }));
    expect(await screen.findByRole('heading', { name: 'Thanks!' })).toBeTruthy();
    expect(api.callsTo('POST /contact')[0]?.body).toEqual({
      name: 'Elena',
      email: 'elena@example.com',
      message: 'Hello there',
    });
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText('0/1000')).toBeTruthy();
  });

  it('shows the server error message when the server is not ok', async () => {
    await fillAndSend(() => json({ error: 'Rate limited' }, 429));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Elena');
  });

  it('treats ok: false as a failure too', async () => {
    await fillAndSend(() => offContract(json({ ok: false })));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
  });

  it('shows the network message when the request never arrives', async () => {
    await fillAndSend(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByText('Network error. Please try again.')).toBeTruthy();
  });

  it("focuses the first invalid field and clears a field's error as it is typed in", async () => {
    const api = mockApi({});
    renderApp('/contact');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Elena');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('An email is required.')).toBeTruthy();
    expect(screen.queryByText('Please add your name.')).toBeNull();
    const email = screen.getByLabelText('Email');
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');
    await user.type(email, 'e');
    expect(screen.queryByText('An email is required.')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('A short message helps us respond faster.')).toBeTruthy();
    expect(api.callsTo('POST /contact')).toHaveLength(0);
  });

  it('sends the fields trimmed', async () => {
    const api = mockApi({ 'POST /contact': () => json({ ok: true }) });
    renderApp('/contact');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), '  Elena ');
    await user.type(screen.getByLabelText('Email'), ' elena@example.com ');
    await user.type(screen.getByLabelText('Message'), ' Hello there ');
    expect(screen.getByText('13/1000')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('heading', { name: 'Thanks!' })).toBeTruthy();
    expect(api.callsTo('POST /contact')[0]?.body).toEqual({
      name: 'Elena',
      email: 'elena@example.com',
      message: 'Hello there',
    });
  });
});
