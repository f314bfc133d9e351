import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SELLER, json, mockApi, renderApp, useTestEnvironment } from '../test/harness.tsx';

async function planSelect() {
  return (await screen.findByLabelText('Plan')) as HTMLSelectElement;
}

describe('register', () => {
  useTestEnvironment();

  it.each([
    ['/register', 'free'],
    ['/register?plan=Growth', 'growth'],
    ['/register?plan=gro', 'growth'],
    ['/register?plan=BUS', 'business'],
    ['/register?plan=s', 'free'],
    ['/register?plan=platinum', 'free'],
  ])('reads the plan from %s by case-insensitive prefix', async (path, plan) => {
    mockApi({});
    renderApp(path);
    expect((await planSelect()).value).toBe(plan);
  });

  it('asks for every field before sending anything', async () => {
    const api = mockApi({});
    renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Elena');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please fill out all fields.')).toBeTruthy();
    expect(api.callsTo('POST /auth/register')).toHaveLength(0);
  });

  it('creates a Starter account and goes to the dashboard', async () => {
    const api = mockApi({ 'POST /auth/register': () => json({ user: SELLER }, 201) });
    renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Elena');
    await user.type(screen.getByLabelText('Email'), SELLER.email);
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Success! Welcome aboard Elena!')).toBeTruthy();
    // The dashboard is its own lazily loaded chunk: on a busy machine it takes a moment.
    expect(
      await screen.findByRole('heading', { name: 'Your Thank-You Notes' }, { timeout: 10_000 }),
    ).toBeTruthy();
    const [call] = api.callsTo('POST /auth/register');
    expect(call?.body).toEqual({
      name: 'Elena',
      email: SELLER.email,
      password: 'Secret123',
      plan: 'Starter',
      // The browser's zone becomes the seller's clock.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(call?.contentType).toBe('application/json');
  });

  it('starts a checkout for a paid plan and leaves for its url', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = mockApi({
      'POST /auth/register': () => json({ user: SELLER }, 201),
      'POST /stripe/create-checkout-session': () => json({ url: 'https://pay.example/session' }),
    });
    renderApp('/register?plan=growth');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Elena');
    await user.type(screen.getByLabelText('Email'), SELLER.email);
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/session'));
    expect(api.callsTo('POST /stripe/create-checkout-session')[0]?.body).toEqual({
      plan: 'Growth',
    });
  });

  it("shows 'Error: ' and the server's text when registration fails", async () => {
    mockApi({ 'POST /auth/register': () => json({ error: 'Email already registered' }, 409) });
    renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Elena');
    await user.type(screen.getByLabelText('Email'), SELLER.email);
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Error: Email already registered')).toBeTruthy();
  });

  it("falls back to 'Registration failed' without a server message", async () => {
    mockApi({ 'POST /auth/register': () => new Response('boom', { status: 502 }) });
    renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Elena');
    await user.type(screen.getByLabelText('Email'), SELLER.email);
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration failed')).toBeTruthy();
  });

  it("checks the password against the server's registration rule, at the field", async () => {
    const api = mockApi({});
    renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Elena');
    await user.type(screen.getByLabelText('Email'), SELLER.email);
    const password = screen.getByLabelText('Password');
    await user.type(password, 'short');
    // The rule under the field reads as not met, in words as well as colour.
    expect(screen.getByText(/At least 8 characters\./).textContent).toContain('(not yet)');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toContain(
      screen.getByText('Password must be at least 8 characters.').id,
    );
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(password));
    expect(api.callsTo('POST /auth/register')).toHaveLength(0);
    await user.type(password, 'Enough');
    expect(screen.queryByText('Password must be at least 8 characters.')).toBeNull();
    expect(screen.getByText(/At least 8 characters\./).textContent).toContain('(done)');
  });

  it('says an address is not one at its field, before sending', async () => {
    const api = mockApi({});
    renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Elena');
    await user.type(screen.getByLabelText('Email'), 'elena@');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter a valid email.')).toBeTruthy();
    expect(screen.queryByText('Please fill out all fields.')).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
    expect(api.callsTo('POST /auth/register')).toHaveLength(0);
  });
});
