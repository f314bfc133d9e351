import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApi, renderApp, useTestEnvironment } from '../test/harness.tsx';

describe('sending domain help page', () => {
  useTestEnvironment();

  it('explains each record, where to add it, the wait and every status, signed out', async () => {
    mockApi({});
    renderApp('/help/sending-domain');
    expect(
      await screen.findByRole('heading', { name: 'Your sending domain’s DNS records', level: 1 }),
    ).toBeTruthy();
    for (const section of [
      'Before your domain is verified',
      'DKIM signature (TXT, required)',
      'Return path (CNAME, required)',
      'DMARC policy (TXT, recommended)',
      'Where to add the records',
      'How long it takes',
      'What the statuses mean',
    ]) {
      expect(screen.getByRole('heading', { name: section })).toBeTruthy();
    }
    expect(screen.getByText(/a change can take up to 48 hours/)).toBeTruthy();
    for (const badge of ['Pending', 'Verified', 'Needs attention', 'Found', 'Not found']) {
      expect(screen.getByText(badge, { selector: 'dt span' })).toBeTruthy();
    }
    expect(document.title).toBe('Your sending domain’s DNS records, in plain words | Thankly');
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe(
      '/Account#sending-domain',
    );
  });
});
