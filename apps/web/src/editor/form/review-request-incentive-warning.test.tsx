import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createDefaultTemplate } from '@thankly/email';
import { type Journey, type Template, reviewIncentiveMessage } from '@thankly/api-contract';
import {
  SELLER,
  dashboardHandlers,
  json,
  mockApi,
  renderApp,
  useTestEnvironment,
} from '../../test/harness.tsx';
import { journey, journeyStep } from '../../journey/test-fixtures.ts';

const COUPON_WARNING = reviewIncentiveMessage({ kind: 'coupon', phrase: '[coupon-code]' });
const TEMPLATE_ID = '88888888-8888-4888-8888-888888888888';

function template(withCoupon: boolean): Template {
  const { design } = createDefaultTemplate();
  return {
    id: TEMPLATE_ID,
    name: 'Review please',
    subject: 'How was it?',
    preheader: '',
    language: 'en',
    html: '',
    design: withCoupon
      ? design
      : { ...design, blocks: design.blocks.filter((b) => b.id !== 'coupon') },
    sendConditions: { enabled: false, startDate: null, endDate: null },
    createdAt: '2026-05-01T10:00:00Z',
    updatedAt: '2026-05-01T10:00:00Z',
  };
}

function seller(saved: Template, reply: Journey) {
  return mockApi({
    ...dashboardHandlers(),
    'GET /auth/me': () => json({ user: { ...SELLER, plan: 'growth' } }),
    [`GET /templates/${TEMPLATE_ID}`]: () => json(saved),
    'GET /journey': () => json(reply),
  });
}

async function openEditor() {
  renderApp(`/thankly/create?id=${TEMPLATE_ID}`);
  await screen.findByRole('heading', { name: 'Edit template' });
  await screen.findByDisplayValue('Review please');
}

const reviewRequestOf = (templateId: string) =>
  journey({ steps: [journeyStep({ kind: 'review-request', templateId })] });

describe('coupon in a review request, in the template editor', () => {
  useTestEnvironment();

  it('warns when a review request sends this template and it hands out a coupon', async () => {
    seller(template(true), reviewRequestOf(TEMPLATE_ID));
    await openEditor();
    expect(await screen.findByText(COUPON_WARNING)).toBeTruthy();
  });

  it('warns as soon as the seller adds the coupon, and not before', async () => {
    const api = seller(template(false), reviewRequestOf(TEMPLATE_ID));
    await openEditor();
    await waitFor(() => expect(api.callsTo('GET /journey')).toHaveLength(1));
    expect(screen.queryByText(COUPON_WARNING)).toBeNull();
    const subject = screen.getByLabelText('Email Subject');
    await userEvent.type(subject, ' Here is [[coupon-code]');
    expect(await screen.findByText(COUPON_WARNING)).toBeTruthy();
  });

  it('says nothing when the template is only a follow-up', async () => {
    const api = seller(
      template(true),
      journey({ steps: [journeyStep({ templateId: TEMPLATE_ID })] }),
    );
    await openEditor();
    await waitFor(() => expect(api.callsTo('GET /journey')).toHaveLength(1));
    expect(screen.queryByText(COUPON_WARNING)).toBeNull();
  });
});
