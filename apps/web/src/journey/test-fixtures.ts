// Journeys, steps and templates as the server answers them, for the journey and editor tests.
import type { Journey, JourneyStep, TemplateSummary } from '@thankly/api-contract';

export const SPRING_ID = '11111111-1111-4111-8111-111111111111';
export const REVIEW_ID = '22222222-2222-4222-8222-222222222222';
export const COUPON_ID = '33333333-3333-4333-8333-333333333333';
export const SHOP_ID = '44444444-4444-4444-8444-444444444444';
export const STEP_A = '55555555-5555-4555-8555-555555555555';
export const STEP_B = '66666666-6666-4666-8666-666666666666';
export const STEP_C = '77777777-7777-4777-8777-777777777777';
export const STEP_D = '88888888-8888-4888-8888-888888888888';

export function templateSummary(id: string, name: string): TemplateSummary {
  return {
    id,
    name,
    subject: `${name} subject`,
    preheader: '',
    language: 'en',
    html: '<!doctype html><p>email</p>',
    sendConditions: { enabled: false, startDate: null, endDate: null },
    createdAt: '2026-05-01T10:00:00Z',
    updatedAt: '2026-05-01T10:00:00Z',
    activeNow: false,
  };
}

export const TEMPLATES = [
  templateSummary(SPRING_ID, 'Spring thanks'),
  templateSummary(REVIEW_ID, 'Review please'),
  templateSummary(COUPON_ID, 'Come back coupon'),
];

export function journeyStep(over: Partial<JourneyStep> = {}): JourneyStep {
  return {
    id: STEP_A,
    name: 'On its way',
    kind: 'follow-up',
    templateId: SPRING_ID,
    templateName: 'Spring thanks',
    trigger: 'shipped',
    delay: { amount: 0, unit: 'hours' },
    conditions: { buyer: 'any', minTotal: null, productContains: null, shopId: null },
    sendWindow: null,
    incentiveWarning: null,
    ...over,
  };
}

export function journey(over: Partial<Journey> = {}): Journey {
  return {
    timeZone: 'Europe/Athens',
    steps: [],
    stepLimit: 3,
    thankYouTemplateName: 'Spring thanks',
    marketplaces: [],
    ...over,
  };
}
