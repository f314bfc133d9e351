import { describe, expect, it } from 'vitest';
import { createDefaultTemplate } from '../template/default-template.ts';
import { designSchema, parseDesign, type Design, type DesignInput } from '../schema/design.ts';
import { sanitizeDesign } from '../sanitize/sanitize-design.ts';
import { renderEmail } from '../render/render-email.ts';
import { applyBrand, EMPTY_BRAND, LOGO_ALT, signOffHtml, type BrandKit } from './apply-brand.ts';
import { contrastRatio, readableTextOn } from './contrast.ts';

const LOGO = 'https://cdn.shop.test/media/logo-abc123.png';

const FULL_BRAND: BrandKit = {
  logoUrl: LOGO,
  primaryColor: '#0f766e',
  backgroundColor: '#fdf6ec',
  textColor: '#1e293b',
  fontFamily: "'Playfair Display', Georgia, serif",
  signOff: 'Warmly,\nAnna & the studio',
};

const brand = (fields: Partial<BrandKit>): BrandKit => ({ ...EMPTY_BRAND, ...fields });

const withColumns: Design = designSchema.parse({
  global: { textColor: '#333333', fontFamily: 'Arial, sans-serif' },
  blocks: [
    { id: 'title', type: 'heading', content: 'Hello', color: '#333333' },
    { id: 'line', type: 'divider', color: '#e5e7eb' },
    { id: 'own', type: 'text', content: 'Red words', color: '#b91c1c' },
    { id: 'font', type: 'text', content: 'Own font', fontFamily: 'Arial, sans-serif' },
    {
      id: 'cols',
      type: 'columns',
      columns: [
        {
          id: 'a',
          widthPct: 50,
          items: [
            { id: 'a-btn', type: 'button', text: 'Buy', buttonColor: '#4f46e5' },
            { id: 'a-txt', type: 'text', content: 'Left', color: '#333333' },
          ],
        },
        { id: 'b', widthPct: 50, items: [{ id: 'b-line', type: 'divider' }] },
      ],
    },
    { id: 'btn', type: 'button', text: 'Shop', buttonColor: '#4f46e5' },
  ],
} satisfies DesignInput);

function leaves(design: Design) {
  return design.blocks.flatMap((block) =>
    block.type === 'columns' ? block.columns.flatMap((column) => column.items) : [block],
  );
}
function byId(design: Design, id: string) {
  const found = leaves(design).find((block) => block.id === id);
  if (!found) throw new Error(`no block ${id}`);
  return found;
}

describe('applyBrand', () => {
  const designs: Record<string, Design> = {
    'default template': createDefaultTemplate().design,
    'columns design': withColumns,
    'empty design': designSchema.parse({ blocks: [] }),
  };

  describe.each(Object.entries(designs))('on the %s', (_name, design) => {
    it('changes nothing for an empty brand', () => {
      expect(applyBrand(design, EMPTY_BRAND)).toEqual(design);
    });

    it('never changes its argument', () => {
      const before = structuredClone(design);
      applyBrand(design, FULL_BRAND);
      expect(design).toEqual(before);
    });

    it('returns a valid design that parses, sanitises and saves unchanged', () => {
      const branded = applyBrand(design, FULL_BRAND);
      expect(designSchema.parse(branded)).toEqual(branded);
      const parsed = parseDesign(JSON.parse(JSON.stringify(branded)));
      expect(parsed.ok && parsed.design).toEqual(branded);
      // Saving sanitises rich text: what the brand writes is already in that form.
      const stored = sanitizeDesign(design);
      expect(sanitizeDesign(applyBrand(stored, FULL_BRAND))).toEqual(
        applyBrand(stored, FULL_BRAND),
      );
    });

    it('applied twice equals applied once', () => {
      const once = applyBrand(design, FULL_BRAND);
      expect(applyBrand(once, FULL_BRAND)).toEqual(once);
      for (const field of Object.keys(FULL_BRAND) as (keyof BrandKit)[]) {
        const single = brand({ [field]: FULL_BRAND[field] });
        const first = applyBrand(design, single);
        expect(applyBrand(first, single)).toEqual(first);
      }
    });
  });

  it('works on a frozen, parsed design', () => {
    const parsed = parseDesign(createDefaultTemplate().design);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(() => applyBrand(parsed.design, FULL_BRAND)).not.toThrow();
  });

  describe('primary colour', () => {
    it('colours every button, nested ones included, and every divider', () => {
      const branded = applyBrand(withColumns, brand({ primaryColor: '#0F766E' }));
      for (const id of ['btn', 'a-btn']) {
        expect(byId(branded, id)).toMatchObject({ buttonColor: '#0f766e', textColor: '#ffffff' });
      }
      for (const id of ['line', 'b-line'])
        expect(byId(branded, id)).toMatchObject({ color: '#0f766e' });
      // Words keep their colours.
      expect(byId(branded, 'own')).toMatchObject({ color: '#b91c1c' });
    });

    it.each([
      ['#0f766e', '#ffffff'],
      ['#111827', '#ffffff'],
      ['#facc15', '#111111'],
      ['#f5f5f4', '#111111'],
      ['#22c55e', '#111111'],
      ['#3b82f6', '#111111'],
      ['#2563eb', '#ffffff'],
    ])('puts a readable label on %s: %s', (primary, label) => {
      const branded = applyBrand(withColumns, brand({ primaryColor: primary }));
      const button = byId(branded, 'btn') as { textColor: string };
      expect(button.textColor).toBe(label);
      expect(contrastRatio(button.textColor, primary)).toBeGreaterThanOrEqual(4.5);
    });

    it('picks a label of at least 4.5:1 for every grey and every hue step', () => {
      for (let v = 0; v < 256; v += 1) {
        const hex = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
        expect(contrastRatio(readableTextOn(hex), hex)).toBeGreaterThanOrEqual(4.5);
      }
      for (const hex of ['#ff0000', '#00ff00', '#0000ff', '#ff00ff', '#00ffff', '#808000']) {
        expect(contrastRatio(readableTextOn(hex), hex)).toBeGreaterThanOrEqual(4.5);
      }
    });

    it('colours a shown canvas border, and leaves a hidden one alone', () => {
      const bordered = designSchema.parse({ global: { canvasBorderSwitch: true }, blocks: [] });
      expect(
        applyBrand(bordered, brand({ primaryColor: '#0f766e' })).global.canvasBorderColor,
      ).toBe('#0f766e');
      const plain = designSchema.parse({ blocks: [] });
      expect(applyBrand(plain, brand({ primaryColor: '#0f766e' })).global).toEqual(plain.global);
    });

    it('shows on the rendered button, in Outlook too', () => {
      const { html } = renderEmail(applyBrand(withColumns, brand({ primaryColor: '#0f766e' })));
      expect(html).toContain('fillcolor="#0f766e"');
      expect(html).not.toContain('#4f46e5');
    });
  });

  describe('background and text colours, font', () => {
    it('sets the backdrop and leaves the canvas white', () => {
      const branded = applyBrand(withColumns, brand({ backgroundColor: '#FDF6EC' }));
      expect(branded.global.backdropColor).toBe('#fdf6ec');
      expect(branded.global.canvasColor).toBe(withColumns.global.canvasColor);
    });

    it('sets the text colour and moves blocks that spelled out the old one', () => {
      const branded = applyBrand(withColumns, brand({ textColor: '#1e293b' }));
      expect(branded.global.textColor).toBe('#1e293b');
      expect(byId(branded, 'title')).toMatchObject({ color: '#1e293b' });
      expect(byId(branded, 'a-txt')).toMatchObject({ color: '#1e293b' });
      expect(byId(branded, 'own')).toMatchObject({ color: '#b91c1c' });
    });

    it('sets the font and lets blocks that spelled out the old one follow it', () => {
      const branded = applyBrand(withColumns, brand({ fontFamily: 'Lora, Georgia, serif' }));
      expect(branded.global.fontFamily).toBe('Lora, Georgia, serif');
      expect(byId(branded, 'font')).toMatchObject({ fontFamily: 'inherit' });
      expect(renderEmail(branded).html).toContain('font-family:Lora, Georgia, serif');
    });
  });

  describe('logo', () => {
    it('fills the image with id "logo", its alt the shop name, sized for Outlook', () => {
      const branded = applyBrand(createDefaultTemplate().design, brand({ logoUrl: LOGO }));
      const logo = byId(branded, 'logo');
      expect(logo).toMatchObject({ type: 'image', src: LOGO, alt: '[shop-name]', width: 120 });
      expect(branded.blocks).toHaveLength(createDefaultTemplate().design.blocks.length);
      expect(renderEmail(branded).html).toContain(
        `<img src="${LOGO}" alt="[shop-name]" width="120"`,
      );
    });

    it('replaces a previous logo and forgets the old picture’s measured size', () => {
      const design = designSchema.parse({
        blocks: [
          {
            id: 'logo',
            type: 'image',
            src: 'https://old.test/a.png',
            alt: 'Old Shop',
            naturalWidth: 900,
            naturalHeight: 300,
            height: 100,
          },
        ],
      });
      const logo = byId(applyBrand(design, brand({ logoUrl: LOGO })), 'logo');
      expect(logo).toMatchObject({
        src: LOGO,
        alt: 'Old Shop',
        naturalWidth: null,
        naturalHeight: null,
        height: 'auto',
        width: 160,
      });
    });

    it('uses the first image at the top when no block is called "logo"', () => {
      const design = designSchema.parse({
        blocks: [
          { id: 's', type: 'spacer' },
          { id: 'top-img', type: 'image', src: '', width: 100 },
          { id: 'words', type: 'text', content: 'Hi' },
          { id: 'photo', type: 'image', src: 'https://cdn.test/photo.jpg' },
        ],
      });
      const branded = applyBrand(design, brand({ logoUrl: LOGO }));
      expect(byId(branded, 'top-img')).toMatchObject({ src: LOGO, alt: LOGO_ALT, width: 100 });
      expect(byId(branded, 'photo')).toMatchObject({ src: 'https://cdn.test/photo.jpg' });
    });

    it('inserts a centred 160px logo at the top when there is none, never over a photo below words', () => {
      const design = designSchema.parse({
        blocks: [
          { id: 'logo', type: 'text', content: 'A text block that happens to be called logo' },
          { id: 'photo', type: 'image', src: 'https://cdn.test/photo.jpg' },
        ],
      });
      const branded = applyBrand(design, brand({ logoUrl: LOGO }));
      expect(branded.blocks[0]).toMatchObject({
        id: 'logo-2',
        type: 'image',
        src: LOGO,
        alt: '[shop-name]',
        width: 160,
        align: 'center',
      });
      expect(branded.blocks.slice(1)).toEqual(design.blocks);
      expect(applyBrand(branded, brand({ logoUrl: LOGO }))).toEqual(branded);
    });

    it.each([
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://files.test/logo.png',
      'https://x.test/a".png',
      'not a url',
    ])('ignores an unusable logo address: %s', (logoUrl) => {
      const design = createDefaultTemplate().design;
      expect(applyBrand(design, brand({ logoUrl }))).toEqual(design);
    });
  });

  describe('sign-off', () => {
    it('rewrites the block with id "sign-off", lines kept and escaped', () => {
      const design = designSchema.parse({
        blocks: [
          { id: 'hi', type: 'text', content: 'Hi' },
          { id: 'sign-off', type: 'text', content: '', html: '<p>Bye</p>' },
          { id: 'after', type: 'text', content: 'PS' },
        ],
      });
      const branded = applyBrand(design, brand({ signOff: 'Warmly,\nAnna & <the> studio' }));
      expect(byId(branded, 'sign-off')).toMatchObject({
        html: '<p>Warmly,<br />Anna &amp; &lt;the&gt; studio</p>',
      });
      expect(branded.blocks.map((block) => block.id)).toEqual(['hi', 'sign-off', 'after']);
      expect(renderEmail(branded).text).toContain('Anna & <the> studio');
    });

    it('appends a text block when the design has none', () => {
      const design = createDefaultTemplate().design;
      const branded = applyBrand(design, brand({ signOff: 'Cheers, [shop-name]' }));
      expect(branded.blocks).toHaveLength(design.blocks.length + 1);
      expect(branded.blocks.at(-1)).toMatchObject({
        id: 'sign-off',
        type: 'text',
        html: '<p>Cheers, [shop-name]</p>',
      });
    });

    it('lines an appended sign-off up with the design’s last words', () => {
      const design = designSchema.parse({
        blocks: [
          {
            id: 'hi',
            type: 'text',
            align: 'center',
            content: 'Hi',
            padding: { left: 40, right: 36 },
          },
          { id: 'btn', type: 'button' },
        ],
      });
      const added = applyBrand(design, brand({ signOff: 'Bye' })).blocks.at(-1);
      expect(added).toMatchObject({ align: 'center', padding: { left: 40, right: 36 } });
    });

    it('is stored in the form saving would keep', () => {
      for (const text of ['A "quoted" \'word\'', 'Tom & Jerry', '<b>not bold</b>', 'é ✿ 💐']) {
        const html = signOffHtml(text);
        expect(sanitizeDesign(applyBrand(withColumns, brand({ signOff: text })))).toEqual(
          applyBrand(withColumns, brand({ signOff: text })),
        );
        expect(html.startsWith('<p>')).toBe(true);
      }
    });
  });

  describe('hostile values are ignored, never written into the design', () => {
    it.each<Partial<BrandKit>>([
      { primaryColor: 'red;background:url(x)' },
      { primaryColor: 'red' },
      { backgroundColor: '#fff;x' },
      { textColor: 'expression(alert(1))' },
      { fontFamily: 'Arial; color:red' },
      { fontFamily: 'Arial}body{x' },
      { signOff: '   ' },
    ])('%o', (fields) => {
      const design = createDefaultTemplate().design;
      expect(applyBrand(design, brand(fields))).toEqual(design);
    });
  });
});
