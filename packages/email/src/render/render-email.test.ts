import { describe, expect, it } from 'vitest';
import { createDefaultTemplate } from '../template/default-template.ts';
import { columnsHeavyDesign } from '../testing/fixtures.ts';
import { formatHtmlForSnapshot } from '../testing/render-one-block.ts';
import { renderEmail } from './render-email.ts';

const GMAIL_CLIP_BYTES = 102 * 1024;

describe('renderEmail', () => {
  const template = createDefaultTemplate();

  it('is byte-for-byte deterministic, also across a JSON round trip', () => {
    const first = renderEmail(template.design, { preheader: 'Thanks!' });
    const second = renderEmail(JSON.parse(JSON.stringify(template.design)), {
      preheader: 'Thanks!',
    });
    expect(second).toEqual(first);
  });

  it('does not change the design it is given', () => {
    const design = JSON.parse(JSON.stringify(columnsHeavyDesign));
    renderEmail(design);
    expect(design).toEqual(columnsHeavyDesign);
  });

  it('throws on an invalid design rather than rendering something else', () => {
    expect(() => renderEmail({ blocks: [{ id: 'x', type: 'video' } as never] })).toThrow(
      'Unknown block type',
    );
  });

  it('renders the default template (snapshot)', () => {
    expect(
      formatHtmlForSnapshot(
        renderEmail(template.design, { preheader: 'A little thank-you from [shop-name]' }).html,
      ),
    ).toMatchSnapshot();
  });

  it('renders a columns-heavy design (snapshot)', () => {
    expect(formatHtmlForSnapshot(renderEmail(columnsHeavyDesign).html)).toMatchSnapshot();
  });

  it('keeps the default template far below Gmail clipping (102 KB)', () => {
    const bytes = new TextEncoder().encode(
      renderEmail(template.design, { preheader: 'x' }).html,
    ).length;
    expect(bytes).toBeLessThan(GMAIL_CLIP_BYTES / 10);
  });

  it('derives the plain-text part from the same design', () => {
    expect(renderEmail(template.design).text).toMatchInlineSnapshot(`
      "Thank you for your order!

      Hi [customer-first-name|there],

      Thank you so much for shopping with [shop-name]! Your order [order-number] is being lovingly packed and will be on its way to you soon.

      As a small, independent shop, every order truly means the world to us. Thank you for supporting local business and the people behind it.

      As a little thank-you, here is 20% off your next order. Just use this code at checkout:

      [coupon-code]: [shop-url]

      With gratitude,
      [shop-name]
      "
    `);
  });

  describe('email shell', () => {
    const { html } = renderEmail(template.design, { preheader: 'Hidden <preview>' });

    it('has the doctype and viewport, and declares its palette light only (no dark variant is designed)', () => {
      expect(html.startsWith('<!DOCTYPE html><html lang="en"')).toBe(true);
      expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
      expect(html).toContain('<meta name="color-scheme" content="light only">');
      expect(html).toContain('<meta name="supported-color-schemes" content="light only">');
      expect(html).toContain(':root{color-scheme:light only;');
      expect(html).not.toContain('light dark');
    });

    it('hides an escaped preheader, and has none unless asked', () => {
      expect(html).toContain('mso-hide:all">Hidden &lt;preview&gt;&#847;');
      expect(renderEmail(template.design).html).not.toContain('mso-hide:all');
    });

    it('links the web font for Inter (hidden from Outlook) and falls back to a safe stack', () => {
      expect(html).toContain(
        '<!--[if !mso]><!--><link href="https://fonts.googleapis.com/css2?family=Inter:wght@400;700&amp;display=swap" rel="stylesheet" type="text/css"><!--<![endif]-->',
      );
      expect(html).toContain('font-family:Arial,Helvetica,sans-serif!important');
      const system = renderEmail({
        global: { fontFamily: 'Georgia' },
        blocks: [{ id: 't', type: 'text' }],
      }).html;
      expect(system).not.toContain('fonts.googleapis.com');
      expect(system).toContain('font-family:Georgia, Helvetica, Arial, sans-serif;');
    });

    it('links every web font a block uses, once', () => {
      const { html: fonts } = renderEmail({
        global: { fontFamily: 'Lato, sans-serif' },
        blocks: [
          { id: 'a', type: 'text', fontFamily: '"Open Sans", sans-serif' },
          {
            id: 'b',
            type: 'columns',
            columns: [
              { id: 'c', widthPct: 100, items: [{ id: 'd', type: 'heading', fontFamily: 'Lato' }] },
            ],
          },
        ],
      });
      expect(fonts).toContain(
        'css2?family=Lato:wght@400;700&amp;family=Open+Sans:wght@400;700&amp;display=swap',
      );
      expect(fonts).toContain("font-family:'Open Sans', sans-serif");
    });

    it('centres a 600px canvas with 10px side gutters and a fixed-width table for Outlook', () => {
      expect(html).toContain('<td align="center" style="padding:40px 10px">');
      expect(html).toContain(
        '<!--[if mso]><table role="presentation" cellpadding="0" cellspacing="0" border="0" align="center" width="600" style="width:600px"><tr><td><![endif]-->',
      );
      expect(html).toContain('<div style="max-width:600px;margin:0 auto">');
    });

    it('stacks columns on phones and only adds width rules for the columns in use', () => {
      expect(html).toContain(
        '<style>:root{color-scheme:light only;supported-color-schemes:light only}body{margin:0;padding:0;width:100%;-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%}table,td{mso-table-lspace:0pt;mso-table-rspace:0pt}img{-ms-interpolation-mode:bicubic}a[x-apple-data-detectors]{color:inherit!important;text-decoration:none!important}@media only screen and (max-width:479px){.t-col{max-width:100%!important}}</style>',
      );
      expect(renderEmail(columnsHeavyDesign).html).toContain(
        '@media only screen and (min-width:480px){.t-w25{width:25%!important;max-width:25%!important}.t-w33{width:33%!important;max-width:33%!important}.t-w34{width:34%!important;max-width:34%!important}.t-w40{width:40%!important;max-width:40%!important}.t-w60{width:60%!important;max-width:60%!important}.t-w100{width:100%!important;max-width:100%!important}}@media only screen and (max-width:479px){.t-col{max-width:100%!important}}',
      );
    });
  });

  describe('global style', () => {
    const render = (global: object) =>
      renderEmail({ global, blocks: [{ id: 't', type: 'text' }] }).html;

    it('paints the backdrop colour and, when enabled, a background image with a VML fallback', () => {
      const html = render({
        backdropColor: '#f0e6d8',
        enableBackdropImage: true,
        backdropImage: 'https://cdn.test/bg.jpg',
      });
      expect(html).toContain(
        '<body style="margin:0;padding:0;word-spacing:normal;background-color:#f0e6d8">',
      );
      expect(html).toContain(
        '<!--[if gte mso 9]><v:background xmlns:v="urn:schemas-microsoft-com:vml" fill="t"><v:fill type="tile" src="https://cdn.test/bg.jpg" color="#f0e6d8"/></v:background><![endif]-->',
      );
      expect(html).toContain(
        'bgcolor="#f0e6d8" background="https://cdn.test/bg.jpg" style="width:100%;background-color:#f0e6d8;background-image:url(\'https://cdn.test/bg.jpg\');background-size:cover',
      );
    });

    it('ignores the image while disabled, and an unsafe image URL always', () => {
      expect(render({ backdropImage: 'https://cdn.test/bg.jpg' })).not.toContain('bg.jpg');
      const hostile = render({
        enableBackdropImage: true,
        backdropImage: "https://x.test/a.jpg');color:red",
      });
      expect(hostile).not.toContain('x.test');
      expect(
        render({ enableBackdropImage: true, backdropImage: 'javascript:alert(1)' }),
      ).not.toContain('javascript');
    });

    it('applies canvas colour, border, radius, gradient and vertical margin', () => {
      const html = render({
        canvasColor: '#fffdf8',
        canvasBorderSwitch: true,
        canvasBorderColor: '#dddddd',
        canvasRadius: 16,
        canvasGradientc1: '#ffffff',
        canvasGradientc2: '#f3e8ff',
        canvasGradientDir: '135deg',
        canvasYMargin: 0,
      });
      expect(html).toContain(
        'bgcolor="#fffdf8" style="width:100%;max-width:600px;border-collapse:separate;background-color:#fffdf8;background-image:linear-gradient(135deg,#ffffff,#f3e8ff);border:1px solid #dddddd;border-radius:16px;overflow:hidden"',
      );
      expect(html).toContain('padding:0px 10px');
      expect(render({ canvasBorderColor: '#dddddd' })).not.toContain('1px solid #dddddd');
    });

    it('uses the global text colour and font for blocks that inherit', () => {
      expect(render({ textColor: '#333333', fontFamily: 'Verdana, sans-serif' })).toContain(
        'color:#333333;font-family:Verdana, sans-serif;',
      );
    });
  });

  describe('block box', () => {
    it('renders a narrower block as an aligned percentage-width table', () => {
      const { html } = renderEmail({
        blocks: [{ id: 't', type: 'text', widthPct: 50, align: 'right', content: 'x' }],
      });
      expect(html).toContain(
        '<tr><td align="right"><table role="presentation" cellpadding="0" cellspacing="0" border="0" width="50%" style="width:50%;margin:0 0 0 auto"><tr><td style="padding:16px;text-align:right">',
      );
    });

    it('applies block background, padding and border radii', () => {
      const { html } = renderEmail({
        blocks: [
          {
            id: 't',
            type: 'text',
            background: '#eeeeee',
            padding: { top: 4, right: 8, bottom: 12, left: 16 },
            radii: { topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 4 },
          },
        ],
      });
      expect(html).toContain(
        'style="padding:4px 8px 12px 16px;background-color:#eeeeee;border-radius:1px 2px 3px 4px;text-align:left"',
      );
    });

    it('renders an empty design as an empty canvas', () => {
      const { html, text } = renderEmail({});
      expect(html).toContain('<tr><td>&nbsp;</td></tr>');
      expect(text).toBe('');
    });
  });
});
