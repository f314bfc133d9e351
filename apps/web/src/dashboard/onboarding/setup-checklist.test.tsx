import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Shop, TemplateSummary } from '@thankly/api-contract';
import {
  SELLER,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
  type Handler,
} from '../../test/harness.tsx';

const TEMPLATE: TemplateSummary = {
  id: 't1',
  name: 'Spring',
  subject: 'Thanks',
  preheader: '',
  language: 'en',
  html: '<!doctype html><p>Spring email</p>',
  sendConditions: { enabled: false, startDate: null, endDate: null },
  createdAt: '2026-05-01T10:00:00Z',
  updatedAt: '2026-05-01T10:00:00Z',
  activeNow: false,
};

const DEMO_SHOP: Shop = {
  id: 's1',
  marketplace: 'etsy',
  name: 'Demo shop',
  url: null,
  status: 'connected',
  statusReason: null,
  isDemo: true,
  lastOrderAt: null,
  connectedAt: '2026-05-01T10:00:00Z',
  thankBy: 'email',
};

interface State {
  templates?: TemplateSummary[];
  selected?: string | null;
  couponCode?: string;
  shops?: Shop[];
  emailVerified?: boolean;
  isPaused?: boolean;
}

function seller(state: State = {}, extra: Record<string, Handler> = {}) {
  const {
    templates = [],
    selected = null,
    couponCode = '',
    shops = [],
    emailVerified = false,
    isPaused = false,
  } = state;
  return mockApi({
    'GET /auth/me': () => json({ user: { ...SELLER, emailVerified } }),
    'GET /me': () =>
      json({ email: SELLER.email, plan: 'free', isPaused, emailVerified, pendingEmail: null }),
    'GET /templates/': () => json({ templates }),
    'GET /templates/selectors/selected': () => json({ selectedTemplateId: selected }),
    'GET /templates/effective': () =>
      json({ templateId: selected, overridden: false, date: '2026-05-02' }),
    'GET /stats/daily': () =>
      json({ sentToday: 0, dailyLimit: 5, tempLimit: 1, planName: 'Starter' }),
    'GET /shops': () =>
      json({ shops, available: { etsy: false, shopify: false, woocommerce: true } }),
    'GET /activity': () => json({ items: [] }),
    'GET /by-hand/summary': () => json({ waiting: 0 }),
    'GET /sending/settings': () => json({ couponCode }),
    'GET /templates/t1/empty-tokens': () => json({ emptyTokens: [] }),
    ...extra,
  });
}

async function checklist() {
  return within(await screen.findByRole('region', { name: 'Get set up' }, { timeout: 10_000 }));
}

/** A step by its title, and whether it reads as done: in words, not by its colour alone. */
function step(list: Awaited<ReturnType<typeof checklist>>, title: RegExp) {
  const item = list.getByText(title).closest('li');
  if (!item) throw new Error(`No step ${String(title)}`);
  const done = within(item).queryByText('Done') !== null;
  expect(within(item).queryByText(done ? 'Not done' : 'Done')).toBeNull();
  return { item: within(item), done };
}

describe('setup checklist', () => {
  useTestEnvironment();

  it('shows a new seller four open steps, each with where it is done, in words', async () => {
    seller();
    renderApp('/thankly');
    const list = await checklist();
    expect(list.getByText('0 of 4 done')).toBeTruthy();
    expect(list.getAllByText('Not done')).toHaveLength(4);
    const links = [
      ['Create a template', 'Start a template'],
      ['Save a coupon code', 'Add coupon code'],
      ['Connect your shop', 'Connect a shop'],
    ].map(([title, link]) => {
      const { item, done } = step(list, new RegExp(`^${title}$`));
      expect(done).toBe(false);
      return item.getByRole('link', { name: link }).getAttribute('href');
    });
    expect(links).toEqual(['/thankly/create', '/thankly#coupon-code', '/thankly#shops']);
    expect(step(list, /^Start sending$/).done).toBe(false);
    // The places it links to are there.
    expect(document.getElementById('coupon-code')).toBeTruthy();
    expect(document.getElementById('templates')).toBeTruthy();
    expect(document.getElementById('shops')).toBeTruthy();
  });

  it('marks what is done and names what still keeps emails from going out', async () => {
    seller({ templates: [TEMPLATE], selected: 't1', couponCode: 'THANKYOU20', shops: [DEMO_SHOP] });
    renderApp('/thankly');
    const list = await checklist();
    expect(list.getByText('3 of 4 done')).toBeTruthy();
    expect(step(list, /^Create a template$/).done).toBe(true);
    expect(step(list, /^Save a coupon code$/).done).toBe(true);
    expect(step(list, /^Connect your shop$/).done).toBe(true);
    const { item: sending, done } = step(list, /^Start sending$/);
    expect(done).toBe(false);
    expect(sending.getByText(/Confirm your email address/)).toBeTruthy();
    expect(sending.getByRole('link', { name: 'Go to account' }).getAttribute('href')).toBe(
      '/Account',
    );
  });

  it('says when paused sending is the last step left', async () => {
    seller({
      templates: [TEMPLATE],
      selected: 't1',
      couponCode: 'THANKYOU20',
      shops: [DEMO_SHOP],
      emailVerified: true,
      isPaused: true,
    });
    renderApp('/thankly');
    const { item: sending, done } = step(await checklist(), /^Start sending$/);
    expect(done).toBe(false);
    expect(sending.getByText(/Sending is paused/)).toBeTruthy();
  });

  it('is gone once the last step is done', async () => {
    let couponCode = '';
    seller(
      {
        templates: [TEMPLATE],
        selected: 't1',
        shops: [DEMO_SHOP],
        emailVerified: true,
      },
      {
        'GET /sending/settings': () => json({ couponCode }),
        'PUT /sending/settings': (body) => {
          couponCode = (body as { couponCode: string }).couponCode;
          return json({ couponCode });
        },
      },
    );
    renderApp('/thankly');
    const list = await checklist();
    expect(list.getByText('3 of 4 done')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Coupon code/), 'THANKYOU20');
    await user.click(screen.getByRole('button', { name: 'Save code' }));
    expect(await screen.findByText('Coupon code saved.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Get set up' })).toBeNull());
    expect(screen.getByRole('listitem', { name: 'Spring' })).toBeTruthy();
  });

  it('updates as the seller saves a coupon code', async () => {
    let couponCode = '';
    seller(
      {},
      {
        'GET /sending/settings': () => json({ couponCode }),
        'PUT /sending/settings': (body) => {
          couponCode = (body as { couponCode: string }).couponCode;
          return json({ couponCode });
        },
      },
    );
    renderApp('/thankly');
    const list = await checklist();
    expect(step(list, /^Save a coupon code$/).done).toBe(false);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Coupon code/), 'THANKYOU20');
    await user.click(screen.getByRole('button', { name: 'Save code' }));
    await waitFor(() => expect(step(list, /^Save a coupon code$/).done).toBe(true));
    expect(list.getByText('1 of 4 done')).toBeTruthy();
  });

  it('is not shown while its data cannot be read', async () => {
    seller({}, { 'GET /me': () => json({ error: 'Internal error' }, 500) });
    renderApp('/thankly');
    expect(
      await screen.findByText('No templates yet. Create your first!', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Get set up' })).toBeNull();
  });
});

describe('empty state', () => {
  useTestEnvironment();

  it("offers 'Create your first template', which opens the starter designs, then the editor", async () => {
    seller(
      {},
      {
        'GET /templates/gallery': () =>
          json({
            designs: [
              {
                id: 'blank',
                name: 'Blank',
                subject: '',
                description: 'An empty canvas.',
                design: { blocks: [] },
              },
            ],
          }),
        'GET /brand': () => json({ brand: {} }),
      },
    );
    renderApp('/thankly');
    expect(
      await screen.findByText('No templates yet. Create your first!', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create your first template' }));
    const picker = await screen.findByRole('dialog', { name: 'Start a new template' });
    await user.click(await within(picker).findByRole('button', { name: 'Blank' }));
    expect(
      await screen.findByRole('heading', { name: 'Create template' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
