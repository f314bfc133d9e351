// What the shops panel says, in one place: tests quote these words.
import { DEMO_ORDER_MESSAGES } from './demo-order-buttons.tsx';

export const MARKETPLACE_MESSAGES = {
  connectFailed: 'Could not start connecting your shop. Try again later.',
  disconnected: 'Shop disconnected.',
  disconnectFailed: 'Could not disconnect the shop. Try again later.',
  orderSimulated: DEMO_ORDER_MESSAGES.simulated,
  orderFailed: DEMO_ORDER_MESSAGES.failed,
  couponSaved: 'Coupon code saved.',
  couponFailed: 'Could not save the coupon code.',
  setupFailed: 'Could not load the setup. Try again later.',
} as const;
