import { sampleTokenValues } from '@thankly/email';
import { describe, expect, it } from 'vitest';
import { tokenShown, withTokenChips } from './token-display.ts';
import type { TokenView } from './token-view.ts';

const labels: TokenView = { mode: 'labels', orderId: 'sample', values: sampleTokenValues };
const values = (v: TokenView['values']): TokenView => ({ mode: 'values', orderId: 'x', values: v });

describe('a token as the editor shows it', () => {
  it('is its label, or the order’s value, or its fallback when the order has none', () => {
    expect(tokenShown('[customer-first-name|friend]', labels)).toMatchObject({
      text: 'Customer first name',
      kind: 'label',
    });
    expect(
      tokenShown('[customer-first-name|friend]', values({ 'customer-first-name': 'Ada' })),
    ).toMatchObject({ text: 'Ada', kind: 'value' });
    expect(tokenShown('[customer-first-name|friend]', values({}))).toMatchObject({
      text: 'friend',
      kind: 'value',
    });
    // Left empty by this order and without a fallback: the label, marked as empty.
    expect(tokenShown('[tracking-link]', values({}))).toMatchObject({
      text: 'Tracking link',
      kind: 'empty',
    });
  });
});

describe('the welcome-back line in the editor', () => {
  it('shows the seller’s words for a returning buyer and nothing but its dimmed label for a first order', () => {
    const token = '[welcome-back|So good to see you again!]';
    expect(tokenShown(token, values(sampleTokenValues))).toMatchObject({
      text: 'So good to see you again!',
      kind: 'value',
      title: `Welcome back, as “So good to see you again!” for buyers who ordered before: ${token}`,
    });
    expect(tokenShown('[welcome-back]', values(sampleTokenValues)).text).toBe('Welcome back!');
    expect(tokenShown(token, values({ 'order-count': '1' }))).toMatchObject({
      text: 'Welcome back',
      kind: 'empty',
    });
  });
});

describe('a block’s html with its tokens as chips', () => {
  it('turns each token in the text into one chip element, whole', () => {
    const html = withTokenChips('<p>Thank you, [customer-first-name|friend]!</p>', labels);
    const holder = document.createElement('div');
    holder.innerHTML = html;
    const chip = holder.querySelector('.rt-token')!;
    expect(chip.getAttribute('data-token')).toBe('[customer-first-name|friend]');
    expect(chip.textContent).toBe('Customer first name');
    expect(holder.textContent).toBe('Thank you, Customer first name!');
  });

  it('leaves tokens inside attributes as written (a link to [shop-url] still works)', () => {
    const html = withTokenChips('<p><a href="[shop-url]">Visit [shop-name]</a></p>', labels);
    const holder = document.createElement('div');
    holder.innerHTML = html;
    expect(holder.querySelector('a')!.getAttribute('href')).toBe('[shop-url]');
    expect(holder.querySelector('a .rt-token')!.textContent).toBe('Shop name');
  });

  it('writes an order’s value as text, never as markup', () => {
    const html = withTokenChips(
      '<p>Hi [customer-first-name]</p>',
      values({ 'customer-first-name': '<img src=x onerror=alert(1)>' }),
    );
    const holder = document.createElement('div');
    holder.innerHTML = html;
    expect(holder.querySelector('img')).toBeNull();
    expect(holder.querySelector('.rt-token')!.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});
