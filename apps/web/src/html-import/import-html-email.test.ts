import { describe, expect, it } from 'vitest';
import { designSchema, sanitizeDesign, type Block, type Design } from '@thankly/email';
import klaviyo from './fixtures/klaviyo-thanks.html?raw';
import mailchimp from './fixtures/mailchimp-newsletter.html?raw';
import shopify from './fixtures/shopify-order.html?raw';
import twoProducts from './fixtures/two-products.html?raw';
import { IMPORT_MESSAGES, importHtmlEmail, MAX_IMPORT_BYTES } from './import-html-email.ts';

function imported(html: string) {
  const result = importHtmlEmail(html);
  if (!result.ok) throw new Error(`import failed: ${result.error}`);
  return result;
}

/** Block types in reading order, a columns block as its columns' types. */
function shape(blocks: readonly Block[]): unknown[] {
  return blocks.map((block) =>
    block.type === 'columns'
      ? block.columns.map((column) => column.items.map((item) => item.type))
      : block.type,
  );
}

function leaves(design: Design): Block[] {
  return design.blocks.flatMap((block) =>
    block.type === 'columns' ? block.columns.flatMap((column) => column.items) : [block],
  );
}

function only<T extends Block['type']>(design: Design, type: T) {
  return leaves(design).filter(
    (block): block is Extract<Block, { type: T }> => block.type === type,
  );
}

describe('importing real-world table emails', () => {
  it('maps a Mailchimp-style email onto heading, text, image, divider, columns and button blocks', () => {
    const result = imported(mailchimp);
    expect(shape(result.design.blocks)).toEqual([
      'image',
      'heading',
      'text',
      'text',
      'divider',
      [['image'], ['heading', 'text']],
      'button',
      'text',
    ]);
    const [logo, product] = only(result.design, 'image');
    expect(logo).toMatchObject({
      src: 'https://mcusercontent.com/abc123/images/logo.png',
      alt: 'Lumen Candle Co.',
      href: 'https://lumen-candles.example/',
      width: 200,
    });
    expect(product).toMatchObject({ alt: 'Amber & Oak candle', width: 264 });
    // Mailchimp's first-name merge tag becomes our token, in the words and the name alike.
    expect(only(result.design, 'heading')[0]).toMatchObject({
      level: 'h1',
      content: 'Thank you, [customer-first-name]!',
      align: 'center',
    });
    expect(only(result.design, 'divider')[0]).toMatchObject({ color: '#eaeaea', height: 2 });
    expect(only(result.design, 'button')[0]).toMatchObject({
      text: 'Shop again',
      url: 'https://lumen-candles.example/shop?utm_source=mailchimp',
      buttonColor: '#2baadf',
      textColor: '#ffffff',
      style: 'rounded',
    });
    expect(only(result.design, 'text')[0]!.html).toContain(
      '<strong>They are on their way</strong>',
    );
    expect(result.name).toBe('Thanks for your order, [customer-first-name]!');
    expect(result.preheader).toBe(
      'Your candles are on their way - and a little something for next time.',
    );
    expect(result.design.global).toMatchObject({
      backdropColor: '#fafafa',
      canvasColor: '#ffffff',
    });
    // The old sender's open-tracking pixel would report every buyer to it: gone.
    expect(JSON.stringify(result.design)).not.toContain('track/open');
    expect(result.summary).toEqual({ blocks: 11, locked: 0, images: 2 });
  });

  it('maps a Shopify-style order email: header row as columns, a cell-painted button, the order lines', () => {
    const result = imported(shopify);
    const [header] = result.design.blocks;
    expect(header?.type).toBe('columns');
    expect(shape(result.design.blocks).slice(0, 5)).toEqual([
      [['image'], ['text']],
      'heading',
      'text',
      'button',
      'text',
    ]);
    expect(only(result.design, 'text')[0]).toMatchObject({
      content: 'Order #1042',
      align: 'right',
    });
    expect(only(result.design, 'heading').map((h) => [h.level, h.content])).toEqual([
      ['h2', 'Thank you for your purchase!'],
      ['h3', 'Order summary'],
    ]);
    expect(only(result.design, 'button')[0]).toMatchObject({
      text: 'View your order',
      url: 'https://fern-and-moss.example/orders/abc123',
      buttonColor: '#1990c6',
      style: 'rounded',
    });
    const words = leaves(result.design)
      .map((b) => ('content' in b ? b.content : ''))
      .join('\n');
    expect(words).toContain('Moss terrarium × 1');
    expect(words).toContain('$48.00 USD');
  });

  it('maps a Klaviyo-style email: large type is a heading, a bordered paragraph a divider, a pill button, a spacer', () => {
    const result = imported(klaviyo);
    expect(shape(result.design.blocks)).toEqual([
      'image',
      'heading',
      'text',
      'divider',
      'button',
      'spacer',
      'text',
    ]);
    expect(only(result.design, 'heading')[0]).toMatchObject({
      level: 'h1',
      content: 'Thank you for supporting a small studio',
      color: '#3b2f2f',
    });
    expect(only(result.design, 'image')[0]).toMatchObject({
      width: 160,
      href: 'https://kiln-and-co.example',
    });
    expect(only(result.design, 'button')[0]).toMatchObject({
      text: 'Use my 15% off',
      style: 'pill',
      size: 'lg',
      buttonColor: '#b5541c',
    });
    expect(only(result.design, 'spacer')[0]).toMatchObject({ height: 32 });
    expect(only(result.design, 'text')[0]!.html).toContain(
      '<span style="font-weight:bold;color:#b5541c">THANKS15</span>',
    );
    expect(result.preheader).toBe('Handmade mugs, made for you. Here is 15% off your next one.');
    expect(result.design.global.backdropColor).toBe('#f7f3ee');
  });

  it('turns a row of product cells into columns, skipping the gutter cell, and keeps a quote locked', () => {
    const result = imported(twoProducts);
    expect(shape(result.design.blocks)).toEqual([
      'heading',
      [
        ['image', 'text'],
        ['image', 'text'],
      ],
      'spacer',
      'divider',
      'html',
    ]);
    const columns = result.design.blocks[1];
    if (columns?.type !== 'columns') throw new Error('expected columns');
    expect(columns.columns.map((c) => c.widthPct)).toEqual([50, 50]);
    expect(only(result.design, 'image')[1]).toMatchObject({
      src: 'https://wool-and-wax.example/img/throw.jpg',
      alt: 'Linen throw',
      href: 'https://wool-and-wax.example/p/throw',
      width: 270,
    });
    expect(only(result.design, 'html')[0]!.html).toBe(
      '<div style="padding-left:16px">“The softest thing I own.” — Priya, Leeds</div>',
    );
    expect(result.design.global).toMatchObject({
      backdropColor: '#eeeeee',
      canvasColor: '#fffaf0',
    });
    expect(result.summary).toMatchObject({ locked: 1, images: 2 });
  });

  it.each([
    ['Mailchimp', mailchimp],
    ['Shopify', shopify],
    ['Klaviyo', klaviyo],
    ['two products', twoProducts],
  ])(
    'gives the %s design the server would store unchanged (valid, already sanitised)',
    (_, html) => {
      const { design } = imported(html);
      expect(designSchema.parse(design)).toEqual(design);
      expect(sanitizeDesign(design)).toEqual(design);
    },
  );
});

describe('what an imported email is kept as', () => {
  it('keeps a table of records (header cells) as one locked HTML block, its words in rows', () => {
    const result = imported(`<table><tr><th>Item</th><th>Qty</th></tr>
      <tr><td>Mug</td><td>2</td></tr></table>`);
    expect(shape(result.design.blocks)).toEqual(['html']);
    const html = only(result.design, 'html')[0]!.html;
    expect(html).not.toMatch(/<(table|tr|td|th)\b/);
    expect(html).toContain('Item');
    expect(html).toContain('Mug');
  });

  it('keeps a row of more cells than a columns block holds as locked HTML', () => {
    const cells = ['A', 'B', 'C', 'D', 'E'].map(
      (l) => `<td><p>${l}</p><img src="https://x.example/${l}.png" alt=""></td>`,
    );
    const result = imported(`<table><tr>${cells.join('')}</tr></table>`);
    expect(shape(result.design.blocks)).toEqual(['html']);
  });

  it('names the template from the title, or "Imported email" without one', () => {
    expect(imported('<p>Hello</p>').name).toBe('Imported email');
    expect(imported('<title> Spring   sale </title><p>Hello</p>').subject).toBe('Spring sale');
  });
});

describe('hostile HTML', () => {
  const hostile = `
    <script>alert(1)</script>
    <style>body { background: url(javascript:alert(2)); width: expression(alert(3)) }</style>
    <p onclick="alert(4)" style="color:red;width:expression(alert(5))">Hello <b onmouseover="alert(6)">there</b></p>
    <img src="https://x.example/a.png" onerror="alert(7)" alt="pic">
    <img src="data:image/png;base64,iVBORw0KGgo=" alt="inline">
    <img src="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDgpPC9zY3JpcHQ+PC9zdmc+" alt="svg">
    <p><a href="javascript:alert(9)">Click</a> <a href="JaVaScRiPt&colon;alert(10)">Again</a>
       <a href="data:text/html,<script>alert(11)</script>">Data</a></p>
    <a href="javascript:alert(12)" style="background-color:#000;color:#fff;padding:10px">Buy</a>
    <iframe src="https://evil.example"></iframe>
    <form action="https://evil.example"><input name="card"><button>Pay</button></form>
    <object data="x.swf"></object><embed src="x.swf"><svg><script>alert(13)</script></svg>
    <blockquote onmouseover="alert(14)">Quoted <math><mi>x</mi></math></blockquote>
    <table><tr><td background="javascript:alert(15)" style="background-image:url(javascript:alert(16))">Cell</td></tr></table>`;

  it('lets no script, handler, form, frame, javascript: or data: address through', () => {
    const { design } = imported(hostile);
    const json = JSON.stringify(design);
    for (const banned of [
      '<script',
      'alert(',
      'onclick',
      'onerror',
      'onmouseover',
      'javascript',
      'data:',
      'expression',
      '<iframe',
      '<form',
      '<input',
      '<object',
      '<embed',
      '<svg',
      'url(',
    ])
      expect(json.toLowerCase()).not.toContain(banned.toLowerCase());
    // The words are kept, and the safe picture with its alt text.
    expect(json).toContain('Hello');
    expect(json).toContain('Quoted');
    expect(only(design, 'image').map((i) => i.src)).toEqual(['https://x.example/a.png']);
    // A button whose link was javascript: keeps its words, without a link.
    expect(only(design, 'button')[0]).toMatchObject({ text: 'Buy', url: '' });
  });

  it('refuses an email larger than the limit, and an empty one, with a message', () => {
    const huge = `<p>${'x'.repeat(MAX_IMPORT_BYTES)}</p>`;
    expect(importHtmlEmail(huge)).toEqual({ ok: false, error: IMPORT_MESSAGES.tooLarge });
    expect(importHtmlEmail('   ')).toEqual({ ok: false, error: IMPORT_MESSAGES.empty });
    expect(importHtmlEmail('<script>alert(1)</script>')).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.nothingFound,
    });
  });

  it('refuses an email of more parts than a template holds', () => {
    const paragraphs = Array.from({ length: 150 }, (_, i) => `<h2>Part ${i}</h2>`).join('');
    expect(importHtmlEmail(paragraphs)).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.tooManyBlocks,
    });
  });

  it('survives tables nested hundreds deep, keeping the words', () => {
    // jsdom's parser is quadratic in table depth (Chromium stops nesting at 512); 400 is far past
    // the importer's own bound (MAX_MARKUP_DEPTH).
    const depth = 400;
    const html =
      '<table><tr><td>'.repeat(depth) + 'Deep words' + '</td></tr></table>'.repeat(depth);
    const result = importHtmlEmail(html);
    expect(result.ok).toBe(true);
    if (result.ok) expect(JSON.stringify(result.design)).toContain('Deep words');
  });
});
