import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS, type SendingDomain } from '@thankly/api-contract';
import { SELLER, json, mockApi, renderApp, useTestEnvironment } from '../test/harness.tsx';
import { DKIM_VALUE, domainsReply, records, sendingDomain } from './test-fixtures.ts';

const me = (plan: 'free' | 'growth') => ({
  email: SELLER.email,
  plan,
  isPaused: false,
  emailVerified: true,
  pendingEmail: null,
  postalAddress: '',
});

function account(handlers: Parameters<typeof mockApi>[0], plan: 'free' | 'growth' = 'growth') {
  return mockApi({
    'GET /auth/me': () => json({ user: { ...SELLER, plan } }),
    'GET /plans': () => json({ plans: PLANS }),
    'GET /me': () => json(me(plan)),
    ...handlers,
  });
}

async function section() {
  const heading = await screen.findByRole(
    'heading',
    { name: 'Sending domain' },
    { timeout: 10_000 },
  );
  return within(heading.closest('section')!);
}

async function domainCard(name = 'juniper.shop') {
  const heading = await screen.findByRole('heading', { name, level: 3 });
  return within(heading.closest('article')!);
}

describe('sending domain section', () => {
  useTestEnvironment();

  it('on Starter explains where email goes from, with the upgrade and help links', async () => {
    const api = account(
      { 'GET /sending-domains': () => json(domainsReply({ allowed: false })) },
      'free',
    );
    renderApp('/Account');
    const card = await section();
    expect(await card.findByText('thanks@thankly.example')).toBeTruthy();
    expect(card.getByText(/buyers’ replies come to your account email/)).toBeTruthy();
    expect(card.getByText(/On Growth and Business you can send from your own domain/)).toBeTruthy();
    expect(card.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/Account#plans');
    expect(card.getByRole('link', { name: 'How sending domains work' }).getAttribute('href')).toBe(
      '/help/sending-domain',
    );
    expect(card.queryByRole('button', { name: 'Add domain' })).toBeNull();
    expect(api.callsTo('POST /sending-domains')).toHaveLength(0);
  });

  it('after a downgrade, keeps the domains added before on show, unused, without the add form', async () => {
    account(
      {
        'GET /sending-domains': () =>
          json(domainsReply({ allowed: false, domains: [sendingDomain({ status: 'verified' })] })),
      },
      'free',
    );
    renderApp('/Account');
    const card = await section();
    expect(await card.findByText(/kept here, unused, until you upgrade again/)).toBeTruthy();
    const domain = await domainCard();
    expect(domain.getByRole('button', { name: /Remove/ })).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Add domain' })).toBeNull();
  });

  it('shows what is wrong with the fields without asking the server', async () => {
    const api = account({ 'GET /sending-domains': () => json(domainsReply()) });
    renderApp('/Account');
    const card = await section();
    const user = userEvent.setup();
    await user.click(await card.findByRole('button', { name: 'Add domain' }));
    const domain = card.getByLabelText('Your domain');
    expect(await card.findByText('Enter your domain, for example yourshop.com.')).toBeTruthy();
    expect(domain.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(domain);

    await user.type(domain, 'https://juniper.shop/about');
    const localPart = card.getByLabelText('Name before the @');
    await user.clear(localPart);
    await user.type(localPart, 'a@b');
    await user.click(card.getByRole('button', { name: 'Add domain' }));
    expect(
      await card.findByText(
        'Use letters, digits, dots, - and _ before the @ (for example hello or orders).',
      ),
    ).toBeTruthy();
    expect(domain.getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(localPart);
    expect(api.callsTo('POST /sending-domains')).toHaveLength(0);
  });

  it('shows the server’s refusal of a domain already added by the domain field', async () => {
    const api = account({
      'GET /sending-domains': () => json(domainsReply()),
      'POST /sending-domains': () => json({ error: 'You already added juniper.shop.' }, 409),
    });
    renderApp('/Account');
    const card = await section();
    const user = userEvent.setup();
    await user.type(await card.findByLabelText('Your domain'), ' Juniper.SHOP ');
    await user.click(card.getByRole('button', { name: 'Add domain' }));
    const error = await card.findByText('You already added juniper.shop.');
    const domain = card.getByLabelText('Your domain');
    expect(domain.getAttribute('aria-describedby')).toContain(error.id);
    expect(api.callsTo('POST /sending-domains')[0]?.body).toEqual({
      domain: 'juniper.shop',
      localPart: 'hello',
    });
  });

  it('a plan refusal is said above the button, not by a field', async () => {
    account({
      'GET /sending-domains': () => json(domainsReply()),
      'POST /sending-domains': () =>
        json({ error: 'Your own sending domain comes with Growth and Business.' }, 403),
    });
    renderApp('/Account');
    const card = await section();
    const user = userEvent.setup();
    await user.type(await card.findByLabelText('Your domain'), 'juniper.shop');
    await user.click(card.getByRole('button', { name: 'Add domain' }));
    const alert = await card.findByRole('alert');
    expect(alert.textContent).toBe('Your own sending domain comes with Growth and Business.');
    expect(card.getByLabelText('Your domain').getAttribute('aria-invalid')).toBeNull();
  });

  it('adds a domain and lists its records with Copy buttons and what each is', async () => {
    account({
      'GET /sending-domains': () => json(domainsReply()),
      'POST /sending-domains': () => json({ domain: sendingDomain() }, 201),
    });
    renderApp('/Account');
    const card = await section();
    const user = userEvent.setup();
    await user.type(await card.findByLabelText('Your domain'), 'juniper.shop');
    await user.click(card.getByRole('button', { name: 'Add domain' }));

    const domain = await domainCard();
    expect(domain.getByText('Pending')).toBeTruthy();
    expect(domain.getByText(/Once verified, buyer emails go from/).textContent).toBe(
      'Once verified, buyer emails go from hello@juniper.shop. Until then they go from thanks@thankly.example with your shop name.',
    );
    expect(domain.getByText('Not checked yet', { selector: 'p' })).toBeTruthy();
    const table = domain.getByRole('table', { name: 'DNS records for juniper.shop' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const dkim = within(rows[0]!);
    expect(dkim.getByText('DKIM signature')).toBeTruthy();
    expect(dkim.getByText('Required')).toBeTruthy();
    expect(dkim.getByText('TXT')).toBeTruthy();
    expect(dkim.getByText('thankly-a1b2c3d4._domainkey.juniper.shop')).toBeTruthy();
    expect(dkim.getByText(DKIM_VALUE)).toBeTruthy();
    expect(within(rows[1]!).getByText('CNAME')).toBeTruthy();
    expect(within(rows[2]!).getByText('Recommended')).toBeTruthy();

    await user.click(dkim.getByRole('button', { name: 'Copy DKIM signature value' }));
    expect(await dkim.findByText('Copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(DKIM_VALUE);
    await user.click(dkim.getByRole('button', { name: 'Copy DKIM signature full name' }));
    expect(await navigator.clipboard.readText()).toBe('thankly-a1b2c3d4._domainkey.juniper.shop');
  });

  it('shows each name both ways, short and full, before any check fails, with host guides', async () => {
    account({
      'GET /sending-domains': () => json(domainsReply({ domains: [sendingDomain()] })),
    });
    renderApp('/Account');
    const domain = await domainCard();
    const rows = within(domain.getByRole('table')).getAllByRole('row').slice(1);
    const user = userEvent.setup();
    const dkim = within(rows[0]!);
    expect(dkim.getByText('Short (most DNS hosts)')).toBeTruthy();
    expect(dkim.getByText('thankly-a1b2c3d4._domainkey')).toBeTruthy();
    await user.click(dkim.getByRole('button', { name: 'Copy DKIM signature short name' }));
    expect(await navigator.clipboard.readText()).toBe('thankly-a1b2c3d4._domainkey');
    expect(within(rows[1]!).getByText('thankly-bounces')).toBeTruthy();
    expect(within(rows[2]!).getByText('_dmarc')).toBeTruthy();

    for (const host of ['Cloudflare', 'GoDaddy', 'Namecheap', 'Amazon Route 53'])
      expect(domain.getByText(host, { selector: 'summary' })).toBeTruthy();
    expect(domain.getByText(/Squarespace Domains/, { selector: 'summary' })).toBeTruthy();
  });

  it('selects a value to copy by hand when the browser refuses the clipboard', async () => {
    account({
      'GET /sending-domains': () => json(domainsReply({ domains: [sendingDomain()] })),
    });
    renderApp('/Account');
    const domain = await domainCard();
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    await user.click(domain.getByRole('button', { name: 'Copy Return path full name' }));
    expect(await domain.findByText(/Selected: press Ctrl\+C/)).toBeTruthy();
    expect(window.getSelection()?.toString()).toBe('thankly-bounces.juniper.shop');
  });

  it('says it is checking DNS while Verify runs, then what it found', async () => {
    let answer: (reply: Response) => void = () => {};
    const missing = sendingDomain({
      records: records('missing'),
      lastCheckedAt: '2026-05-02T09:30:00Z',
    });
    const api = account({
      'GET /sending-domains': () => json(domainsReply({ domains: [sendingDomain()] })),
      'POST /sending-domains/7d3f6a2e-4b1c-4e8f-9a0b-1c2d3e4f5a6b/verify': () =>
        new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/Account');
    const domain = await domainCard();
    const user = userEvent.setup();
    await user.click(domain.getByRole('button', { name: 'Verify' }));
    const checking = await domain.findByRole('button', { name: 'Checking DNS…' });
    expect((checking as HTMLButtonElement).disabled).toBe(true);

    answer(json({ domain: missing }));
    expect(
      await domain.findByText(
        '2 required records are not found yet. DNS changes can take up to 48 hours to show; check again later.',
      ),
    ).toBeTruthy();
    expect(domain.getAllByText('Not found')).toHaveLength(3);
    expect(domain.getByText('No the DKIM key record was found at this name yet.')).toBeTruthy();
    expect(domain.getByText('May 2, 2026, 12:30 PM EEST').getAttribute('dateTime')).toBe(
      '2026-05-02T09:30:00Z',
    );
    expect(domain.getByText('Pending')).toBeTruthy();
    expect(
      api.callsTo('POST /sending-domains/7d3f6a2e-4b1c-4e8f-9a0b-1c2d3e4f5a6b/verify'),
    ).toHaveLength(1);
  });

  it('a verified domain says buyer emails go from it', async () => {
    const verified: SendingDomain = sendingDomain({
      status: 'verified',
      records: records('ok'),
      lastCheckedAt: '2026-05-02T09:30:00Z',
      verifiedAt: '2026-05-02T09:30:00Z',
    });
    account({
      'GET /sending-domains': () => json(domainsReply({ domains: [sendingDomain()] })),
      'POST /sending-domains/7d3f6a2e-4b1c-4e8f-9a0b-1c2d3e4f5a6b/verify': () =>
        json({ domain: verified }),
    });
    renderApp('/Account');
    const domain = await domainCard();
    await userEvent.setup().click(domain.getByRole('button', { name: 'Verify' }));
    expect(
      await domain.findByText(
        'All required records found: buyer emails now go from hello@juniper.shop.',
      ),
    ).toBeTruthy();
    expect(domain.getByText('Verified')).toBeTruthy();
    expect(domain.getAllByText('Found')).toHaveLength(3);
    expect(domain.getByText(/^Buyer emails go from/).textContent).toBe(
      'Buyer emails go from hello@juniper.shop.',
    );
  });

  it('a domain that lost a record needs attention and says where mail goes meanwhile', async () => {
    account({
      'GET /sending-domains': () =>
        json(
          domainsReply({
            domains: [sendingDomain({ status: 'failing', records: records('missing') })],
          }),
        ),
    });
    renderApp('/Account');
    const domain = await domainCard();
    expect(domain.getByText('Needs attention')).toBeTruthy();
    expect(domain.getByText(/A required record is no longer found/)).toBeTruthy();
  });

  it('changes the name before the @, checked before it is sent', async () => {
    const api = account({
      'GET /sending-domains': () => json(domainsReply({ domains: [sendingDomain()] })),
      'PUT /sending-domains/7d3f6a2e-4b1c-4e8f-9a0b-1c2d3e4f5a6b': (body) =>
        json({
          domain: sendingDomain({ localPart: 'orders', fromAddress: 'orders@juniper.shop' }),
          echoed: body,
        }),
    });
    renderApp('/Account');
    const domain = await domainCard();
    const user = userEvent.setup();
    const field = domain.getByLabelText('Name before the @');
    await user.clear(field);
    await user.type(field, 'a..b');
    await user.click(domain.getByRole('button', { name: 'Save address' }));
    expect(await domain.findByText('Two dots in a row are not allowed before the @.')).toBeTruthy();
    expect(api.callsTo('PUT /sending-domains/7d3f6a2e-4b1c-4e8f-9a0b-1c2d3e4f5a6b')).toHaveLength(
      0,
    );

    await user.clear(field);
    await user.type(field, 'Orders');
    await user.click(domain.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('From address saved')).toBeTruthy();
    expect(
      api.callsTo('PUT /sending-domains/7d3f6a2e-4b1c-4e8f-9a0b-1c2d3e4f5a6b')[0]?.body,
    ).toEqual({
      localPart: 'orders',
    });
    expect((await domain.findByText(/Once verified/)).textContent).toContain('orders@juniper.shop');
  });

  it('removes a domain only once the seller confirms', async () => {
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    const api = account({
      'GET /sending-domains': () => json(domainsReply({ domains: [sendingDomain()] })),
      'DELETE /sending-domains/7d3f6a2e-4b1c-4e8f-9a0b-1c2d3e4f5a6b': () => json({ ok: true }),
    });
    renderApp('/Account');
    const domain = await domainCard();
    const user = userEvent.setup();
    await user.click(domain.getByRole('button', { name: 'Remove juniper.shop' }));
    expect(
      api.callsTo('DELETE /sending-domains/7d3f6a2e-4b1c-4e8f-9a0b-1c2d3e4f5a6b'),
    ).toHaveLength(0);
    await user.click(domain.getByRole('button', { name: 'Remove juniper.shop' }));
    expect(await screen.findByText(/juniper\.shop removed/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'juniper.shop', level: 3 })).toBeNull();
    expect(confirm).toHaveBeenCalledTimes(2);
    confirm.mockRestore();
  });

  it('links to the help page on the records', async () => {
    account({ 'GET /sending-domains': () => json(domainsReply({ domains: [sendingDomain()] })) });
    renderApp('/Account');
    const card = await section();
    expect(
      (await card.findByRole('link', { name: 'What do these records mean?' })).getAttribute('href'),
    ).toBe('/help/sending-domain');
  });
});
