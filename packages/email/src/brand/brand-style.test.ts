import { describe, expect, it } from 'vitest';
import { createBlock } from '../blocks/registry.ts';
import { designSchema, type DesignInput } from '../schema/design.ts';
import { starterDesigns, BLANK_STARTER_ID } from '../gallery/starter-designs.ts';
import { renderEmail } from '../render/render-email.ts';
import { EMPTY_BRAND, applyBrand, type BrandKit } from './apply-brand.ts';
import { brandNewBlock, withOwnGlobalStyle, withOwnStyle } from './brand-style.ts';

const GREEN = '#2f6b4f';
const INDIGO = '#4f46e5';
const brand = (fields: Partial<BrandKit>): BrandKit => ({ ...EMPTY_BRAND, ...fields });
const plainGlobal = designSchema.parse({ blocks: [] }).global;

describe('a new block wears the brand', () => {
  it('a button takes the primary colour and a readable label, not the indigo default', () => {
    const button = brandNewBlock(
      createBlock('button'),
      brand({ primaryColor: GREEN }),
      plainGlobal,
    );
    expect(button).toMatchObject({ buttonColor: GREEN, textColor: '#ffffff' });
    expect(button.ownStyle).toBeUndefined();
  });

  it('a divider takes the primary colour; words follow the design, which wears the brand', () => {
    const kit = brand({ primaryColor: GREEN, textColor: '#1e293b', fontFamily: 'Lora, serif' });
    expect(brandNewBlock(createBlock('divider'), kit, plainGlobal).color).toBe(GREEN);
    for (const type of ['heading', 'text'] as const) {
      expect(brandNewBlock(createBlock(type), kit, plainGlobal)).toMatchObject({
        color: '',
        fontFamily: 'inherit',
      });
    }
  });

  it('buttons inside a new columns block are branded too', () => {
    const columns = createBlock('columns');
    columns.columns[0]!.items = [createBlock('button')];
    const branded = brandNewBlock(columns, brand({ primaryColor: GREEN }), plainGlobal);
    expect(branded.columns[0]!.items[0]).toMatchObject({ buttonColor: GREEN });
  });

  it('without a brand (or with an unusable colour) the block is as the registry makes it', () => {
    const button = createBlock('button');
    expect(brandNewBlock(button, null, plainGlobal)).toBe(button);
    expect(brandNewBlock(button, brand({ primaryColor: 'red;x' }), plainGlobal)).toBe(button);
  });

  it('a button added to the branded Blank starter renders green in the email', () => {
    const kit = brand({ primaryColor: GREEN });
    const blank = starterDesigns(kit).find((s) => s.id === BLANK_STARTER_ID)!.design;
    const button = brandNewBlock(createBlock('button'), kit, blank.global);
    const { html } = renderEmail({ ...blank, blocks: [...blank.blocks, button] });
    expect(html).toContain(`fillcolor="${GREEN}"`);
    expect(html).not.toContain(INDIGO);
  });
});

describe('what the seller sets by hand stays theirs', () => {
  it('marks only brand-following fields, once, and words only on the sign-off', () => {
    const button = createBlock('button');
    const owned = withOwnStyle(button, ['buttonColor', 'size', 'text']);
    expect(owned.ownStyle).toEqual(['buttonColor']);
    expect(withOwnStyle(owned, ['buttonColor'])).toBe(owned);
    expect(withOwnStyle(createBlock('text'), ['html']).ownStyle).toBeUndefined();
    expect(withOwnStyle(createBlock('text', 'sign-off'), ['html']).ownStyle).toEqual(['html']);
    expect(withOwnStyle(createBlock('spacer'), ['color']).ownStyle).toBeUndefined();
  });

  const design = designSchema.parse({
    global: { textColor: '#333333', ownStyle: ['backdropColor'], backdropColor: '#ffe4e6' },
    blocks: [
      { id: 'mine', type: 'button', buttonColor: '#b91c1c', ownStyle: ['buttonColor'] },
      { id: 'label', type: 'button', textColor: '#fde047', ownStyle: ['textColor'] },
      { id: 'free', type: 'button' },
      { id: 'line', type: 'divider', color: '#000000', ownStyle: ['color'] },
      { id: 'words', type: 'text', content: 'x', color: '#333333', ownStyle: ['color'] },
      { id: 'logo', type: 'image', src: 'https://cdn.test/own.png', ownStyle: ['src'] },
      { id: 'sign-off', type: 'text', content: '', html: '<p>Mine</p>', ownStyle: ['html'] },
    ],
  } satisfies DesignInput);

  it('a restyle keeps every field the seller set, and moves the rest', () => {
    const branded = applyBrand(
      design,
      brand({
        primaryColor: GREEN,
        textColor: '#1e293b',
        backgroundColor: '#fdf6ec',
        logoUrl: 'https://cdn.test/brand.png',
        signOff: 'Warmly',
      }),
    );
    const byId = Object.fromEntries(branded.blocks.map((b) => [b.id, b]));
    expect(byId.mine).toMatchObject({ buttonColor: '#b91c1c' });
    expect(byId.label).toMatchObject({ buttonColor: GREEN, textColor: '#fde047' });
    expect(byId.free).toMatchObject({ buttonColor: GREEN, textColor: '#ffffff' });
    expect(byId.line).toMatchObject({ color: '#000000' });
    expect(byId.words).toMatchObject({ color: '#333333' });
    expect(byId.logo).toMatchObject({ src: 'https://cdn.test/own.png' });
    expect(byId['sign-off']).toMatchObject({ html: '<p>Mine</p>' });
    expect(branded.global).toMatchObject({ backdropColor: '#ffe4e6', textColor: '#1e293b' });
    expect(branded.blocks).toHaveLength(design.blocks.length);
  });

  it('the design settings the seller set are kept too', () => {
    const global = withOwnGlobalStyle(plainGlobal, ['fontFamily', 'canvasYMargin']);
    expect(global.ownStyle).toEqual(['fontFamily']);
    const branded = applyBrand(
      { global, blocks: [] },
      brand({ fontFamily: 'Lora, serif', textColor: '#1e293b' }),
    );
    expect(branded.global).toMatchObject({
      fontFamily: plainGlobal.fontFamily,
      textColor: '#1e293b',
    });
  });

  it('words spelling out a text colour the seller set for the design keep it', () => {
    const design = designSchema.parse({
      global: { textColor: '#333333', ownStyle: ['textColor'] },
      blocks: [{ id: 'words', type: 'text', content: 'x', color: '#333333' }],
    });
    const branded = applyBrand(design, brand({ textColor: '#1e293b' }));
    expect(branded.global.textColor).toBe('#333333');
    expect(branded.blocks[0]).toMatchObject({ color: '#333333' });
  });

  it('a hostile ownStyle is refused by the schema', () => {
    expect(
      designSchema.safeParse({ blocks: [{ id: 'b', type: 'button', ownStyle: ['onclick'] }] })
        .success,
    ).toBe(false);
    expect(
      designSchema.safeParse({
        blocks: [{ id: 'b', type: 'button', ownStyle: Array(50).fill('color') }],
      }).success,
    ).toBe(false);
  });
});
