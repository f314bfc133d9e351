import { describe, expect, it } from 'vitest';
import type { Block, BlockInput } from '../blocks/registry.ts';
import type { LeafBlock } from '../blocks/leaf-blocks.ts';
import { EMPTY_BRAND } from '../brand/apply-brand.ts';
import { starterDesigns } from '../gallery/starter-designs.ts';
import { renderEmail } from '../render/render-email.ts';
import { htmlToText, richTextPlain } from '../render/rich-text.ts';
import { parseDesign, type DesignInput } from '../schema/design.ts';
import { createDefaultTemplate } from '../template/default-template.ts';
import { fillTokens, sampleTokenValues, type TokenValues } from '../tokens/tokens.ts';
import { renderCardForOrder } from './render-card.ts';
import { decodeQrSvg, svgsIn } from './testing/decode-qr.ts';

function card(blocks: BlockInput[], values: TokenValues = sampleTokenValues, global = {}): string {
  return renderCardForOrder({ global, blocks }, values).html;
}

/** What a reader sees printed: the words, entities decoded, whitespace collapsed. */
function printedText(html: string): string {
  return htmlToText(html).replace(/\s+/g, ' ');
}

/** The boxes of one block type, by the data attribute the page can rely on. */
function boxesOf(html: string, type: string): number {
  return html.split(`data-block-type="${type}"`).length - 1;
}

function expectNothingActive(html: string): void {
  expect(html).not.toMatch(/<style/i);
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/\son\w+=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/<link|@import|url\(/i);
}

describe('renderCardForOrder', () => {
  it('is one article with the template language and the global colours and font', () => {
    const html = card(
      [{ id: 'h', type: 'heading', content: 'Thanks' }],
      {},
      {
        canvasColor: '#fdf6ec',
        textColor: '#1e293b',
        fontFamily: 'Lora, Georgia, serif',
      },
    );
    expect(html).toMatch(
      /^<article class="thankly-card" lang="en" dir="ltr" style="[^"]*">.*<\/article>$/s,
    );
    expect(html.match(/<article/g)).toHaveLength(1);
    const rootStyle = /^<article [^>]*style="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(rootStyle).toContain('width:100%');
    expect(rootStyle).toContain('background-color:#fdf6ec');
    expect(rootStyle).toContain('color:#1e293b');
    expect(rootStyle).toContain('font-family:Lora, Georgia, serif');
    expect(rootStyle).toContain('print-color-adjust:exact');
    expect(html).not.toMatch(/600px|width="\d+"/);
    const rtl = renderCardForOrder({ blocks: [] }, {}, { language: 'ar' }).html;
    expect(rtl).toMatch(/^<article class="thankly-card" lang="ar" dir="rtl"/);
  });

  it('fills tokens in headings and text', () => {
    const html = card([
      { id: 'h', type: 'heading', content: 'Thank you, [customer-first-name]!' },
      {
        id: 't',
        type: 'text',
        html: '<p>Order <strong>[order-number]</strong> from [shop-name]</p>',
      },
    ]);
    expect(html).toContain('Thank you, Alex!');
    expect(html).toContain('Order <strong>1048213</strong> from Juniper &amp; Clay');
    expect(html).not.toMatch(/\[(customer|order|shop)-/);
    expect(boxesOf(html, 'heading')).toBe(1);
    expect(boxesOf(html, 'text')).toBe(1);
  });

  it('keeps a hostile buyer name as escaped text', () => {
    const { design } = createDefaultTemplate();
    const hostile = { ...sampleTokenValues, 'customer-first-name': '<script>alert(1)</script>' };
    const html = renderCardForOrder(design, hostile).html;
    expect(html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
    expectNothingActive(html);
  });

  it('leaves out blocks made only of tokens this order leaves empty', () => {
    const html = card(
      [
        { id: 'h', type: 'heading', content: 'Hello [customer-first-name|friend]' },
        { id: 'c', type: 'text', html: '<p>[coupon-code]</p>' },
        { id: 'b', type: 'button', text: '[coupon-code]', url: '[tracking-link]' },
      ],
      { 'shop-name': 'Juniper' },
    );
    expect(html).toContain('Hello friend');
    expect(boxesOf(html, 'text')).toBe(0);
    expect(boxesOf(html, 'button')).toBe(0);
  });

  it('prints a button as a QR code of its filled link, with its words and a short address', async () => {
    const html = card([
      { id: 'b', type: 'button', text: 'Track [order-number]', url: '[tracking-link]' },
    ]);
    expect(html).not.toContain('<a ');
    const [svg, ...others] = svgsIn(html);
    expect(others).toEqual([]);
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-label="QR code: example.com\/track\/1048213"/);
    expect(await decodeQrSvg(svg!)).toBe('https://example.com/track/1048213');
    expect(printedText(html)).toBe('Track 1048213 example.com/track/1048213');
    expect(html).toContain('<figure data-card-qr');
  });

  it('escapes a hostile value in a button label and prints the whole link in the code', async () => {
    const values = {
      'coupon-code': '<img src=x onerror=alert(1)>',
      'shop-url': 'https://shop.example/a/very/long/path/that/goes/on/and/on?ref=card',
    };
    const html = card(
      [{ id: 'b', type: 'button', text: '[coupon-code]', url: '[shop-url]' }],
      values,
    );
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).toContain('>shop.example/a/very/long/path/that/goes…<');
    expect(await decodeQrSvg(svgsIn(html)[0]!)).toBe(values['shop-url']);
  });

  it('keeps a coupon button with no link as its code to read, but not a static label', () => {
    const html = card(
      [
        { id: 'coupon', type: 'button', text: '[coupon-code]', url: '[shop-url]' },
        { id: 'static', type: 'button', text: 'Visit us', url: '[shop-url]' },
      ],
      { 'coupon-code': 'PAPER10' },
    );
    expect(svgsIn(html)).toEqual([]);
    expect(printedText(html)).toBe('PAPER10');
    expect(html).toContain('<div data-card-label');
    expectNothingActive(html);
  });

  it('leaves out a button with nothing safe to scan', () => {
    const html = card(
      [
        { id: 'js', type: 'button', text: 'Click', url: 'javascript:alert(1)' },
        {
          id: 'fallback',
          type: 'button',
          text: 'Click',
          url: '[tracking-link|javascript:alert(1)]',
        },
        { id: 'empty', type: 'button', text: 'Click', url: '' },
        { id: 'hash', type: 'button', text: 'Click', url: '#' },
        { id: 'ok', type: 'button', text: 'Write to us', url: 'mailto:hi@shop.example' },
      ],
      { 'coupon-code': 'X' },
    );
    expect(boxesOf(html, 'button')).toBe(1);
    expect(svgsIn(html)).toHaveLength(1);
    expect(printedText(html)).toBe('Write to us hi@shop.example');
    expectNothingActive(html);
  });

  it('leaves off blocks marked hideOnCard, which the email still shows', () => {
    const design: DesignInput = {
      blocks: [
        { id: 'h', type: 'heading', content: 'On paper' },
        { id: 'u', type: 'text', content: 'Manage your email preferences', hideOnCard: true },
        { id: 'b', type: 'button', text: 'Open', url: 'https://x.example', hideOnCard: true },
        {
          id: 'row',
          type: 'columns',
          columns: [
            { id: 'c1', widthPct: 50, items: [{ id: 'l', type: 'text', content: 'Left stays' }] },
            {
              id: 'c2',
              widthPct: 50,
              items: [{ id: 'r', type: 'text', content: 'Right goes', hideOnCard: true }],
            },
          ],
        },
        {
          id: 'gone',
          type: 'columns',
          columns: [
            {
              id: 'g1',
              widthPct: 100,
              items: [{ id: 'g', type: 'text', content: 'Only item', hideOnCard: true }],
            },
          ],
        },
      ],
    };
    const html = renderCardForOrder(design, sampleTokenValues).html;
    expect(printedText(html)).toBe('On paper Left stays');
    expect(svgsIn(html)).toEqual([]);
    expect(boxesOf(html, 'columns')).toBe(1);
    const email = renderEmail(design).text;
    for (const words of ['Manage your email preferences', 'Right goes', 'Only item']) {
      expect(email).toContain(words);
    }
  });

  it('adds nothing to designs that never mention hideOnCard, and the email ignores it', () => {
    const blocks: BlockInput[] = [{ id: 't', type: 'text', content: 'Hello' }];
    const parsed = parseDesign({ blocks });
    if (!parsed.ok) throw new Error(parsed.error);
    expect(Object.keys(parsed.design.blocks[0]!)).not.toContain('hideOnCard');
    const hidden = renderEmail({ blocks: [{ ...blocks[0]!, hideOnCard: true }] as BlockInput[] });
    expect(hidden).toEqual(renderEmail({ blocks }));
  });

  it('keeps columns side by side at their designed widths', () => {
    const html = card([
      {
        id: 'row',
        type: 'columns',
        gutter: 24,
        columns: [
          {
            id: 'a',
            widthPct: 30,
            items: [{ id: 'l', type: 'text', content: 'Left [shop-name]' }],
          },
          { id: 'b', widthPct: 70, items: [{ id: 'r', type: 'heading', content: 'Right' }] },
        ],
      },
    ]);
    expect(html).toContain('<div style="display:flex;align-items:flex-start">');
    expect(html).toContain('flex:0 0 30%;max-width:30%');
    expect(html).toContain('flex:0 0 70%;max-width:70%');
    expect(html).toContain('Left Juniper &amp; Clay');
    expect(html).toContain('>Right</h2>');
  });

  it('prints images fluid, without their links, and only from web addresses', () => {
    const html = card(
      [
        {
          id: 'i',
          type: 'image',
          src: 'https://cdn.example/a.png',
          alt: '[shop-name] logo',
          href: 'https://x.example',
          width: 150,
        },
        { id: 'full', type: 'image', src: 'https://cdn.example/b.png', width: 'full' },
        { id: 'data', type: 'image', src: 'data:image/svg+xml;base64,PHN2Zz4=' },
        { id: 'tok', type: 'image', src: '[tracking-link|javascript:alert(1)]' },
      ],
      {},
    );
    expect(boxesOf(html, 'image')).toBe(2);
    // 150px of the 568px a full-width block has for content in the email.
    expect(html).toContain(
      '<img src="https://cdn.example/a.png" alt=" logo" style="display:block;margin:0 auto;border:0;max-width:100%;height:auto;width:26.4085%">',
    );
    expect(html).toContain('max-width:100%;height:auto;width:100%">');
    expect(html).not.toContain('<a ');
    expectNothingActive(html);
  });

  it('shrinks spacers and padding for paper and draws dividers as a rule', () => {
    const html = card([
      { id: 's', type: 'spacer', height: 40 },
      { id: 'tall', type: 'spacer', height: 300 },
      {
        id: 'd',
        type: 'divider',
        height: 2,
        color: '#cccccc',
        padding: { top: 10, right: 20, bottom: 10, left: 20 },
      },
    ]);
    expect(html).toContain('<div style="height:20px"></div>');
    expect(html).toContain('<div style="height:48px"></div>');
    expect(html).toContain(
      'padding:5px 10px 5px 10px;text-align:left"><hr style="margin:0;border:0;border-top:2px solid #cccccc;height:0">',
    );
  });

  it('accepts a design parseDesign validated, as the server passes it', () => {
    const parsed = parseDesign({
      blocks: [{ id: 'h', type: 'heading', content: 'Hi [customer-first-name]' }],
    });
    if (!parsed.ok) throw new Error(parsed.error);
    expect(renderCardForOrder(parsed.design, sampleTokenValues).html).toContain('Hi Alex');
  });
});

/** The first line of every heading and text, with the sample values filled in. */
function wordsOf(blocks: readonly (Block | LeafBlock)[]): string[] {
  return blocks.flatMap((block) => {
    if (block.type === 'columns') return block.columns.flatMap((column) => wordsOf(column.items));
    if (block.type !== 'heading' && block.type !== 'text') return [];
    const text = fillTokens(richTextPlain(block), sampleTokenValues, { escape: 'none' });
    const line = (text.split('\n')[0] ?? '').replace(/\s+/g, ' ').trim();
    return line ? [line] : [];
  });
}

describe('every template a seller starts from prints', () => {
  const templates = [
    { id: 'default', design: createDefaultTemplate().design },
    ...starterDesigns(EMPTY_BRAND).map(({ id, design }) => ({ id, design })),
  ];

  it.each(templates)('$id renders its words and its buttons as codes', async ({ id, design }) => {
    const html = renderCardForOrder(design, sampleTokenValues).html;
    expectNothingActive(html);
    const printed = printedText(html);
    const words = wordsOf(design.blocks);
    if (id !== 'blank') expect(words.length).toBeGreaterThan(1);
    // What only an email reader can do (reply to it) is left off the card; every other line prints.
    expect(printed).not.toMatch(/reply|this email/i);
    for (const line of words) if (!/reply|this email/i.test(line)) expect(printed).toContain(line);
    const buttons = JSON.stringify(design).match(/"type":"button"/g)?.length ?? 0;
    expect(svgsIn(html)).toHaveLength(buttons);
    // The shipped starter's button leads to the parcel's tracking page; every other one to the shop.
    const target =
      id === 'shipped' ? sampleTokenValues['tracking-link'] : 'https://example.com/shop';
    for (const svg of svgsIn(html)) expect(await decodeQrSvg(svg)).toBe(target);
  });

  it('the default template prints its coupon as a code to the shop', () => {
    const html = renderCardForOrder(createDefaultTemplate().design, sampleTokenValues).html;
    expect(printedText(html)).toContain('THANKYOU20 example.com/shop');
  });
});
