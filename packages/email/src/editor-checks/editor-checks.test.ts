import { describe, expect, it } from 'vitest';
import { designSchema } from '../schema/design.ts';
import { createDefaultTemplate } from '../template/default-template.ts';
import { contrastRatio } from '../brand/contrast.ts';
import { checkTemplate, type CheckedTemplate } from './check-design.ts';
import type { EditorCheckItem } from './check-items.ts';
import { darkModeColor } from './dark-mode.ts';
import type { ImageFactsLookup } from './image-rules.ts';

const PHOTO = 'https://cdn.shop.test/media/mug.jpg';
const WORDS = 'Thank you for your order. Every mug is thrown and glazed by hand.';

function template(design: object, fields: Partial<CheckedTemplate> = {}): CheckedTemplate {
  return {
    design: designSchema.parse(design),
    subject: 'Thank you, [customer-first-name]!',
    preheader: 'Your mug is on its way.',
    language: 'en',
    ...fields,
  };
}

function items(design: object, options: Parameters<typeof checkTemplate>[1] = {}) {
  return checkTemplate(template(design), options).items;
}

const only = (found: EditorCheckItem[], rule: EditorCheckItem['rule']) =>
  found.filter((item) => item.rule === rule);

describe('checkTemplate', () => {
  it('finds nothing in the default template', () => {
    const { design } = createDefaultTemplate();
    expect(checkTemplate({ ...template(design) }).items).toEqual([]);
  });

  it('asks for a subject and a preview line, naming the field to fill', () => {
    const found = checkTemplate(template({ blocks: [] }, { subject: ' ', preheader: '' })).items;
    expect(found.map((item) => [item.rule, item.level, item.target])).toEqual([
      ['subject', 'fail', { kind: 'field', field: 'subject', name: 'Email Subject' }],
      ['preheader', 'warn', { kind: 'field', field: 'preheader', name: 'Preview text' }],
    ]);
  });

  it('weighs each block, heaviest first, and flags the heaviest past the warning line and the clip', () => {
    const long = `<p>${'Handmade with care. '.repeat(900)}</p>`;
    const design = {
      blocks: [
        { id: 'small', type: 'text', html: `<p>${WORDS}</p>` },
        { id: 'big', type: 'text', html: long },
      ],
    };
    const { weight, items: found } = checkTemplate(template(design));
    expect(weight.blocks.map((b) => [b.blockId, b.name])).toEqual([
      ['big', 'Text block 2'],
      ['small', 'Text block 1'],
    ]);
    expect(weight.bytes).toBeGreaterThan(weight.blocks[0]!.bytes);
    expect(only(found, 'size')).toEqual([]); // about 20 KB: fine
    const near = checkTemplate(template(design), { sizeBytes: () => 90 * 1024 }).items;
    expect(only(near, 'size')[0]).toMatchObject({
      level: 'warn',
      target: { blockId: 'big', name: 'Text block 2' },
    });
    const clipped = checkTemplate(template(design), { sizeBytes: () => 110 * 1024 }).items;
    expect(only(clipped, 'size')[0]?.level).toBe('fail');
    expect(only(clipped, 'size')[0]?.problem).toMatch(/past the 102 KB/);
  });

  it('flags link and picture addresses a token could leave empty or make unsafe', () => {
    const found = items({
      blocks: [
        { id: 'empty', type: 'text', html: '<p><a href="[shop-url]">our shop</a></p>' },
        // Left out of an order without a shop address, so never a button to nowhere.
        { id: 'dropped', type: 'button', text: 'Visit', url: '[shop-url]' },
        { id: 'never', type: 'button', text: 'Visit', url: '[shop-name]' },
        {
          id: 'unsafe',
          type: 'text',
          html: '<p><a href="[shop-url|javascript:alert(1)]">x</a></p>',
        },
        { id: 'pic', type: 'image', src: '[review-link]', alt: 'Review' },
        { id: 'fine', type: 'button', text: 'Visit', url: '[shop-url|https://shop.test]' },
        { id: 'path', type: 'button', text: 'Visit', url: 'https://shop.test/o/[order-number]' },
      ],
    });
    expect(only(found, 'link-token').map((item) => [item.target, item.level])).toEqual([
      [{ kind: 'block', blockId: 'never', name: 'Button block 3' }, 'fail'],
      [{ kind: 'block', blockId: 'unsafe', name: 'Text block 4' }, 'fail'],
      [{ kind: 'block', blockId: 'empty', name: 'Text block 1' }, 'warn'],
      [{ kind: 'block', blockId: 'pic', name: 'Image block 5' }, 'warn'],
    ]);
    expect(only(found, 'link-token')[1]?.fix).toMatch(/https:\/\//);
  });

  it('flags a button that leads nowhere, in a column too', () => {
    const found = items({
      blocks: [
        {
          id: 'cols',
          type: 'columns',
          columns: [
            { id: 'c1', widthPct: 50, items: [{ id: 'b', type: 'button', text: 'Shop', url: '' }] },
            { id: 'c2', widthPct: 50, items: [] },
          ],
        },
      ],
    });
    expect(only(found, 'dead-link')).toEqual([
      expect.objectContaining({
        level: 'fail',
        target: { kind: 'block', blockId: 'b', name: 'Button 1 in column 1 of Columns block 1' },
        problem: 'The button “Shop” has no web address, so it would lead nowhere.',
      }),
    ]);
  });

  it('flags pictures without a description', () => {
    const found = items({
      blocks: [
        { id: 'a', type: 'image', src: PHOTO, alt: '' },
        { id: 'b', type: 'image', src: PHOTO, alt: 'A sea-green mug' },
        { id: 'c', type: 'image', src: '', alt: '' },
      ],
    });
    expect(only(found, 'alt-text').map((item) => item.key)).toEqual(['alt-text:a']);
  });

  it('flags uploaded pictures that are heavy or far wider than shown', () => {
    const facts: ImageFactsLookup = (src) =>
      src === PHOTO
        ? { bytes: 120 * 1024, width: 1200, height: 800 }
        : src === 'https://cdn.shop.test/media/huge.png'
          ? { bytes: 900 * 1024, width: 1200, height: 1200 }
          : undefined;
    const found = items(
      {
        blocks: [
          { id: 'full', type: 'image', src: PHOTO, alt: 'Mug', width: 'full' },
          { id: 'logo', type: 'image', src: PHOTO, alt: 'Logo', width: 160 },
          { id: 'heavy', type: 'image', src: 'https://cdn.shop.test/media/huge.png', alt: 'x' },
          { id: 'elsewhere', type: 'image', src: 'https://other.test/a.png', alt: 'x', width: 50 },
        ],
      },
      { images: facts },
    );
    const weights = only(found, 'image-weight');
    expect(weights.map((item) => item.key)).toEqual(['image-weight:logo', 'image-weight:heavy']);
    expect(weights[0]?.problem).toMatch(/1200×800 px .* shows 160 px wide/);
    expect(weights[0]?.fix).toMatch(/about 320 px wide/);
    expect(weights[1]?.problem).toMatch(/900 KB/);
  });

  it('turns colours as dark mode does (the preview’s invert and hue-rotate)', () => {
    expect(darkModeColor('#ffffff')).toBe('#000000');
    expect(darkModeColor('#000000')).toBe('#ffffff');
    // Hues are kept: a light blue becomes a dark blue, not an orange.
    const blue = darkModeColor('#add8e6');
    expect(parseInt(blue.slice(5, 7), 16)).toBeGreaterThan(parseInt(blue.slice(1, 3), 16));
  });

  it('flags words that do not stand out in light or in dark mode', () => {
    // Mid-grey on white is fine in light mode but, inverted, reads worse in dark.
    const darkOnly = ['#6f6f6f', '#767676'].find(
      (grey) =>
        contrastRatio(grey, '#ffffff') >= 4.5 &&
        contrastRatio(darkModeColor(grey), darkModeColor('#ffffff')) < 4.5,
    );
    const found = items({
      blocks: [
        { id: 'pale', type: 'text', html: `<p>${WORDS}</p>`, color: '#bbbbbb' },
        { id: 'span', type: 'text', html: '<p>Hi <span style="color: #eeeeee">there</span></p>' },
        {
          id: 'btn',
          type: 'button',
          text: 'Shop',
          url: 'https://shop.test',
          buttonColor: '#ffff00',
        },
        { id: 'ok', type: 'text', html: `<p>${WORDS}</p>`, color: '#111111' },
        ...(darkOnly ? [{ id: 'dark', type: 'text', html: '<p>x</p>', color: darkOnly }] : []),
      ],
    });
    const contrast = only(found, 'contrast');
    expect(contrast.map((item) => item.key)).toEqual([
      'contrast:pale',
      'contrast:span',
      'contrast:btn',
      ...(darkOnly ? ['contrast:dark'] : []),
    ]);
    expect(contrast[0]?.problem).toMatch(/1\.\d:1 in light mode and .* in dark mode/);
    if (darkOnly) expect(contrast[3]?.problem).toMatch(/only [\d.]+:1 in dark mode;/);
  });

  it('judges words on the background behind them: the block’s, the canvas’s', () => {
    const found = items({
      global: { canvasColor: '#222222' },
      blocks: [
        { id: 'dark-canvas', type: 'text', html: '<p>Hi</p>', color: '#333333' },
        { id: 'own', type: 'text', html: '<p>Hi</p>', color: '#333333', background: '#ffffff' },
      ],
    });
    expect(only(found, 'contrast').map((item) => item.key)).toEqual(['contrast:dark-canvas']);
  });

  it('flags columns too narrow for words where they stay side by side', () => {
    const column = (id: string, widthPct: number) => ({
      id,
      widthPct,
      items: [{ id: `${id}-t`, type: 'text', html: `<p>${WORDS}</p>` }],
    });
    const found = items({
      blocks: [
        { id: 'two', type: 'columns', columns: [column('a', 50), column('b', 50)] },
        {
          id: 'four',
          type: 'columns',
          columns: [column('c', 25), column('d', 25), column('e', 25), column('f', 25)],
        },
      ],
    });
    expect(only(found, 'columns').map((item) => [item.key, item.target])).toEqual([
      ['columns:four', { kind: 'block', blockId: 'four', name: 'Columns block 2' }],
    ]);
    expect(only(found, 'columns')[0]?.problem).toMatch(/column 1 is \d+ px/);
  });

  it('lists failures first, then in the order the email reads', () => {
    const found = items({
      blocks: [
        { id: 'a', type: 'image', src: PHOTO, alt: '' },
        { id: 'b', type: 'button', text: 'Go', url: '' },
      ],
    });
    expect(found.map((item) => item.key)).toEqual(['dead-link:b', 'alt-text:a']);
  });
});
