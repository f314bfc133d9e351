// The new seller's way to a correct email going out: which setup steps are done, from data the
// dashboard already reads. Pure, so every state is testable without a page.

export type SetupStepId = 'template' | 'coupon' | 'shop' | 'sending';

export interface SetupFacts {
  templateCount: number;
  couponCode: string;
  hasConnectedShop: boolean;
  hasSelectedTemplate: boolean;
  emailVerified: boolean;
  isPaused: boolean;
}

/** Where the seller does a step: a page, or a section of the dashboard (by its anchor). */
export interface SetupAction {
  label: string;
  to: string;
}

export interface SetupStep {
  id: SetupStepId;
  title: string;
  done: boolean;
  /** What is still missing, in the seller's words; absent once done. */
  detail?: string;
  action?: SetupAction;
}

export interface SetupPlaces {
  createTemplate: string;
  coupon: string;
  shops: string;
  templates: string;
  account: string;
}

/** The first thing that keeps thank-you emails from going out, with the place to fix it. */
function sendingBlocker(
  facts: SetupFacts,
  places: SetupPlaces,
): Pick<SetupStep, 'detail' | 'action'> | null {
  // A new seller: the steps above come first, and this one follows from them.
  if (facts.templateCount === 0 && !facts.hasConnectedShop)
    return {
      detail:
        'Starts once a template is selected, your shop is connected and your email address is confirmed.',
    };
  if (facts.templateCount === 0 || !facts.hasSelectedTemplate)
    return {
      detail: 'Choose the template new orders get with Select.',
      action: { label: 'Go to templates', to: places.templates },
    };
  if (!facts.hasConnectedShop)
    return {
      detail: 'Connect a shop first: its paid orders are what we email.',
      action: { label: 'Go to shops', to: places.shops },
    };
  if (!facts.emailVerified)
    return {
      detail:
        'Confirm your email address: follow the link we mailed you (Resend link above sends a new one). Until then nothing is sent.',
      action: { label: 'Go to account', to: places.account },
    };
  if (facts.isPaused)
    return {
      detail: 'Sending is paused. Resume it on your account page.',
      action: { label: 'Go to account', to: places.account },
    };
  return null;
}

export function setupSteps(facts: SetupFacts, places: SetupPlaces): SetupStep[] {
  const blocker = sendingBlocker(facts, places);
  return [
    facts.templateCount > 0
      ? { id: 'template', title: 'Create a template', done: true }
      : {
          id: 'template',
          title: 'Create a template',
          done: false,
          detail: 'Design the thank-you email your buyers get.',
          action: { label: 'Start a template', to: places.createTemplate },
        },
    facts.couponCode.trim()
      ? { id: 'coupon', title: 'Save a coupon code', done: true }
      : {
          id: 'coupon',
          title: 'Save a coupon code',
          done: false,
          detail:
            'Buyers get it where your template says [coupon-code]; without one, the coupon button is left out.',
          action: { label: 'Add coupon code', to: places.coupon },
        },
    facts.hasConnectedShop
      ? { id: 'shop', title: 'Connect your shop', done: true }
      : {
          id: 'shop',
          title: 'Connect your shop',
          done: false,
          detail: 'Etsy, Shopify or WooCommerce, or try the demo shop.',
          action: { label: 'Connect a shop', to: places.shops },
        },
    blocker
      ? { id: 'sending', title: 'Start sending', done: false, ...blocker }
      : { id: 'sending', title: 'Start sending', done: true },
  ];
}
