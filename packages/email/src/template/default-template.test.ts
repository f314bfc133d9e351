import { describe, expect, it } from 'vitest';
import { designSchema } from '../schema/design.ts';
import { findUnknownTokens } from '../tokens/tokens.ts';
import { createDefaultTemplate } from './default-template.ts';

describe('createDefaultTemplate', () => {
  const template = createDefaultTemplate();

  it('has a name and a subject greeting the buyer', () => {
    expect(template.name).toBe('Thank-you note');
    expect(template.subject).toBe('Thank you for your order, [customer-first-name|friend]!');
  });

  it('follows spec section 3: logo, spacer, heading, three texts, coupon button, sign-off', () => {
    const blocks = template.design.blocks;
    expect(blocks.map((block) => block.type)).toEqual([
      'image',
      'spacer',
      'heading',
      'text',
      'text',
      'text',
      'button',
      'text',
    ]);
    const texts = blocks.flatMap((block) => (block.type === 'text' ? [block.html] : []));
    expect(texts[0]).toContain('Thank you so much for shopping with [shop-name]');
    expect(texts[1]).toContain('supporting local business');
    expect(texts[2]).toContain('<strong>20% off</strong>');
    expect(texts[3]).toBe('<p>With gratitude,<br>[shop-name]</p>');
    expect(blocks[2]).toMatchObject({ type: 'heading', level: 'h1' });
    expect(blocks[6]).toMatchObject({ type: 'button', text: '[coupon-code]', url: '[shop-url]' });
  });

  it('starts without a logo image so no placeholder or external host reaches a buyer', () => {
    expect(template.design.blocks[0]).toMatchObject({ type: 'image', src: '', alt: '[shop-name]' });
  });

  it('is a valid, fully defaulted design that uses known tokens only', () => {
    expect(designSchema.parse(JSON.parse(JSON.stringify(template.design)))).toEqual(
      template.design,
    );
    expect(findUnknownTokens(JSON.stringify(template))).toEqual([]);
  });

  it('returns a fresh copy each time', () => {
    const other = createDefaultTemplate();
    expect(other).toEqual(template);
    expect(other.design).not.toBe(template.design);
  });
});
