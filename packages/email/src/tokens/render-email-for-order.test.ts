import { describe, expect, it } from 'vitest';
import { createDefaultTemplate } from '../template/default-template.ts';
import { renderEmailForOrder } from './render-email-for-order.ts';
import { sampleTokenValues } from './tokens.ts';

describe('renderEmailForOrder', () => {
  const { design, subject } = createDefaultTemplate();

  it('fills tokens in the subject, html and text', () => {
    const email = renderEmailForOrder(design, subject, sampleTokenValues, {
      preheader: 'A gift from [shop-name]',
    });
    expect(email.subject).toBe('Thank you for your order, Alex!');
    expect(email.html).toContain('Thank you so much for shopping with Juniper &amp; Clay!');
    expect(email.html).toContain('A gift from Juniper &amp; Clay');
    expect(email.html).toContain('<title>Thank you for your order, Alex!</title>');
    expect(email.html).toContain('href="https://example.com/shop"');
    expect(email.html).toContain('>THANKYOU20</a>');
    expect(email.text).toContain('Thank you so much for shopping with Juniper & Clay!');
    expect(email.text).toContain('THANKYOU20: https://example.com/shop');
    expect(email.html + email.text).not.toMatch(/\[(customer|shop|order|coupon)-/);
  });

  it('keeps a hostile buyer name as text in html and as-is in the plain part', () => {
    const email = renderEmailForOrder(design, subject, {
      'customer-first-name': '<script>alert(1)</script>',
    });
    expect(email.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(email.html).not.toContain('<script>');
    expect(email.text).toContain('Hi <script>alert(1)</script>,');
    expect(email.subject).toBe('Thank you for your order, <script>alert(1)</script>!');
  });

  it('uses fallbacks for missing values and keeps line breaks out of the subject', () => {
    const email = renderEmailForOrder(design, '[shop-name] says thanks', {
      'shop-name': 'A\r\nBcc: x@evil.test',
    });
    expect(email.subject).toBe('A Bcc: x@evil.test says thanks');
    expect(renderEmailForOrder(design, subject, {}).subject).toBe(
      'Thank you for your order, friend!',
    );
    expect(renderEmailForOrder(design, subject, {}).text).toContain('Hi there,');
  });
});
