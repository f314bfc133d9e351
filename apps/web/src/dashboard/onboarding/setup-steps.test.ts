import { describe, expect, it } from 'vitest';
import { setupSteps, type SetupFacts, type SetupPlaces } from './setup-steps.ts';

const PLACES: SetupPlaces = {
  createTemplate: '/create',
  coupon: '#coupon',
  shops: '#shops',
  templates: '#templates',
  account: '/Account',
};

const NEW_SELLER: SetupFacts = {
  templateCount: 0,
  couponCode: '',
  hasConnectedShop: false,
  hasSelectedTemplate: false,
  emailVerified: false,
  isPaused: false,
};

const READY: SetupFacts = {
  templateCount: 1,
  couponCode: 'THANKYOU20',
  hasConnectedShop: true,
  hasSelectedTemplate: true,
  emailVerified: true,
  isPaused: false,
};

const sending = (facts: SetupFacts) => setupSteps(facts, PLACES).find((s) => s.id === 'sending');

describe('setup steps', () => {
  it('a new seller has every step open, in order, each with the place it is done', () => {
    const steps = setupSteps(NEW_SELLER, PLACES);
    expect(steps.map((s) => [s.id, s.done, s.action?.to])).toEqual([
      ['template', false, '/create'],
      ['coupon', false, '#coupon'],
      ['shop', false, '#shops'],
      ['sending', false, undefined],
    ]);
    // The last step follows from the others: it sends nowhere until they are done.
    expect(steps[3]?.detail).toMatch(/^Starts once/);
  });

  it('a ready seller has every step done and nothing left to do', () => {
    const steps = setupSteps(READY, PLACES);
    expect(steps.every((s) => s.done && !s.action && !s.detail)).toBe(true);
  });

  it('a coupon code of spaces is no coupon code', () => {
    const coupon = setupSteps({ ...READY, couponCode: '   ' }, PLACES).find(
      (s) => s.id === 'coupon',
    );
    expect(coupon?.done).toBe(false);
  });

  it('sending waits for a selected template, a connected shop, a confirmed address and no pause', () => {
    expect(sending({ ...READY, hasSelectedTemplate: false })).toMatchObject({
      done: false,
      action: { to: '#templates' },
    });
    expect(sending({ ...READY, hasConnectedShop: false })).toMatchObject({
      done: false,
      action: { to: '#shops' },
    });
    expect(sending({ ...READY, emailVerified: false })).toMatchObject({
      done: false,
      detail: expect.stringMatching(/Confirm your email address/),
      action: { to: '/Account' },
    });
    expect(sending({ ...READY, isPaused: true })).toMatchObject({
      done: false,
      detail: expect.stringMatching(/paused/),
      action: { to: '/Account' },
    });
    expect(sending(READY)?.done).toBe(true);
  });
});
