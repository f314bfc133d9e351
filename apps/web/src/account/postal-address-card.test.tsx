import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS } from '@thankly/api-contract';
import { SELLER, json, mockApi, renderApp, useTestEnvironment } from '../test/harness.tsx';

function account(postalAddress: string, patch = (body: unknown) => json(body)) {
  return mockApi({
    'GET /auth/me': () => json({ user: SELLER }),
    'GET /plans': () => json({ plans: PLANS }),
    'GET /me': () =>
      json({
        email: SELLER.email,
        plan: 'free',
        isPaused: false,
        emailVerified: true,
        pendingEmail: null,
        postalAddress,
      }),
    'PATCH /me/postal-address': patch,
  });
}

describe('postal address card', () => {
  useTestEnvironment();

  it('shows the stored address and saves a cleaned new one', async () => {
    const api = account('12 Long Street\nSpringfield', () =>
      json({ postalAddress: 'Odos 5\nAthina' }),
    );
    renderApp('/Account');
    const field = (await screen.findByRole('textbox', {
      name: 'Postal address',
    })) as HTMLTextAreaElement;
    expect(field.value).toBe('12 Long Street\nSpringfield');
    expect(field.maxLength).toBe(200);
    const user = userEvent.setup();
    await user.clear(field);
    await user.click(field);
    await user.paste('  Odos 5 \n\n Athina ');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Postal address saved')).toBeTruthy();
    expect(api.callsTo('PATCH /me/postal-address')[0]?.body).toEqual({
      postalAddress: 'Odos 5\nAthina',
    });
    await waitFor(() =>
      expect(
        (screen.getByRole('textbox', { name: 'Postal address' }) as HTMLTextAreaElement).value,
      ).toBe('Odos 5\nAthina'),
    );
  });

  it('checks the server’s rules before sending anything', async () => {
    const api = account('', () =>
      json({ error: 'Please keep the postal address to 5 lines.' }, 400),
    );
    renderApp('/Account');
    const field = await screen.findByRole('textbox', { name: 'Postal address' });
    const user = userEvent.setup();
    await user.click(field);
    await user.paste('a\nb\nc\nd\ne\nf');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Please keep the postal address to 5 lines.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(api.callsTo('PATCH /me/postal-address')).toHaveLength(0);
    await user.type(field, '{Backspace}');
    expect(screen.queryByText('Please keep the postal address to 5 lines.')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('says the server’s refusal at the field', async () => {
    account('', () => json({ error: 'Could not save that address.' }, 400));
    renderApp('/Account');
    const field = await screen.findByRole('textbox', { name: 'Postal address' });
    const user = userEvent.setup();
    await user.type(field, 'Odos 5');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Could not save that address.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save address' })).toHaveProperty('disabled', false);
  });
});
