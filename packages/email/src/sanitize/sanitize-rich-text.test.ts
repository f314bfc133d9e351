import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-rich-text.ts';

describe('sanitizeRichText', () => {
  it('keeps the allowed tags and attributes', () => {
    const html =
      '<p style="text-align:center"><b>B</b><strong>S</strong><i>I</i><em>E</em><u>U</u><span style="color:#ff0000">Sp</span><br></p>' +
      '<div><ul><li>one</li></ul><ol><li>two</li></ol></div>' +
      '<img src="https://cdn.test/a.png" alt="A" width="40" height="20">';
    expect(sanitizeRichText(html)).toBe(
      '<p style="text-align:center"><b>B</b><strong>S</strong><i>I</i><em>E</em><u>U</u><span style="color:#ff0000">Sp</span><br /></p>' +
        '<div><ul><li>one</li></ul><ol><li>two</li></ol></div>' +
        '<img src="https://cdn.test/a.png" alt="A" width="40" height="20" />',
    );
  });

  it('opens every link in a new tab with noopener noreferrer', () => {
    expect(
      sanitizeRichText('<a href="https://shop.test" target="_self" rel="opener">Shop</a>'),
    ).toBe('<a href="https://shop.test" target="_blank" rel="noopener noreferrer">Shop</a>');
    expect(sanitizeRichText('<a href="[shop-url]">Shop</a>')).toBe(
      '<a href="[shop-url]" target="_blank" rel="noopener noreferrer">Shop</a>',
    );
    expect(sanitizeRichText('<a href="mailto:hi@shop.test">Mail</a>')).toContain(
      'href="mailto:hi@shop.test"',
    );
  });

  it('removes event handler attributes', () => {
    expect(
      sanitizeRichText(
        '<p onclick="steal()" onmouseover="x">Hi</p><img src="https://a.test/x.png" onerror="alert(1)">',
      ),
    ).toBe('<p>Hi</p><img src="https://a.test/x.png" />');
  });

  it('removes javascript:, data: and protocol-relative links, however they are spelled', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'jav&#x61;script:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      '//evil.test/x',
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe(
        '<a target="_blank" rel="noopener noreferrer">x</a>',
      );
    }
  });

  it('drops script, style, iframe, svg and other forbidden tags with their content', () => {
    expect(sanitizeRichText('<p>Hi<script>alert(1)</script> there</p>')).toBe('<p>Hi there</p>');
    expect(sanitizeRichText('<style>body{display:none}</style><p>x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<iframe src="https://evil.test">fallback</iframe>ok')).toBe('ok');
    expect(sanitizeRichText('<svg onload="alert(1)"><circle r="5"/></svg>ok')).toBe('ok');
    expect(
      sanitizeRichText('<math><mi>x</mi></math><object data="x"></object><embed src="x">ok'),
    ).toBe('ok');
    expect(sanitizeRichText('<p><scr<script>ipt>alert(1)</script></p>')).toBe(
      '<p>ipt&gt;alert(1)</p>',
    );
  });

  it('unwraps other disallowed tags but keeps their text', () => {
    expect(
      sanitizeRichText(
        '<h1>Title</h1><table><tr><td>cell</td></tr></table><form><input value="x">f</form>',
      ),
    ).toBe('Titlecellf');
  });

  it('keeps only safe CSS declarations: no url(), expression() or positioning', () => {
    expect(
      sanitizeRichText(
        '<span style="color:red;background-image:url(javascript:alert(1));font-size:14px;width:expression(alert(1));position:fixed;font-family:&quot;Open Sans&quot;, sans-serif;background:url(https://t.test/pixel)">s</span>',
      ),
    ).toBe(
      '<span style="color:red;font-size:14px;font-family:&quot;Open Sans&quot;, sans-serif">s</span>',
    );
    expect(
      sanitizeRichText(
        '<div style="background-color:rgb(1,2,3);margin:0 auto;padding:4px 8px;display:none">d</div>',
      ),
    ).toBe('<div style="background-color:rgb(1,2,3);margin:0 auto;padding:4px 8px">d</div>');
    expect(sanitizeRichText('<p style="color:red\\;x:url(a)">p</p>')).toBe('<p>p</p>');
    expect(sanitizeRichText('<p style="behavior:url(x.htc);-moz-binding:url(x)">p</p>')).toBe(
      '<p>p</p>',
    );
  });

  it('allows raster data images but not SVG data images, and digits-only sizes', () => {
    expect(sanitizeRichText('<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">')).toBe(
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" />',
    );
    expect(
      sanitizeRichText('<img src="data:image/svg+xml;base64,PHN2Zz4=" width="100%" height="20px">'),
    ).toBe('<img />');
  });

  it('drops attributes outside the allow-list', () => {
    expect(
      sanitizeRichText(
        '<p class="x" id="y" title="t" data-x="1">p</p><a href="https://a.test" download ping="https://t.test">a</a>',
      ),
    ).toBe('<p>p</p><a href="https://a.test" target="_blank" rel="noopener noreferrer">a</a>');
  });

  it('keeps text and tokens as text', () => {
    expect(sanitizeRichText('<p>Hi [customer-first-name|there] &amp; 1 &lt; 2</p>')).toBe(
      '<p>Hi [customer-first-name|there] &amp; 1 &lt; 2</p>',
    );
    expect(sanitizeRichText('')).toBe('');
  });
});
