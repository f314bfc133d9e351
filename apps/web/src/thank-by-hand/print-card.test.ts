import { describe, expect, it } from 'vitest';
import { createDefaultTemplate, renderCardForOrder, sampleTokenValues } from '@thankly/email';
import { cardLettering, shortAddress } from './print-card.tsx';

describe("a printed card's greeting strip", () => {
  it('prints an address a buyer could type, and leaves a long one to the QR code', () => {
    expect(shortAddress('https://maker.etsy.com/')).toBe('maker.etsy.com');
    expect(shortAddress('http://shop.example/sale')).toBe('shop.example/sale');
    expect(
      shortAddress('http://127.0.0.1:3000/api/demo-marketplace/shops/demo-8fcc80d6-a04b-46eb'),
    ).toBeNull();
  });

  it("wears the card's own font and text colour, read from the card the server rendered", () => {
    const { design } = createDefaultTemplate();
    const styled = {
      ...design,
      global: { ...design.global, fontFamily: 'Georgia', textColor: '#334155' },
    };
    const { html } = renderCardForOrder(styled, sampleTokenValues);
    const lettering = cardLettering(html);
    expect(lettering.color).toBe('#334155');
    expect(lettering.fontFamily).toMatch(/^Georgia\b/);
    expect(cardLettering('<p>not a card</p>')).toEqual({});
  });
});
