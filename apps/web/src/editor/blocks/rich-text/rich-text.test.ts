// The rich-text editor's document in and out: what it stores for a block (serialised, then through
// the same sanitiser the server runs on save), what survives loading hostile html, and what paste
// and tokens do. A headless Tiptap editor with the real extensions stands in for the canvas.
import { afterEach, describe, expect, it } from 'vitest';
import { Editor, type JSONContent } from '@tiptap/core';
import { sanitizeRichText } from '@thankly/email';
import { createRichTextExtensions } from './extensions.ts';
import { placeImage, pxOf, digitsOnly } from './image-placement.ts';
import { normalizeImageUrl, normalizeLinkUrl } from './link-url.ts';
import { plainTextInputProps } from './plain-paste.ts';
import { editorHtmlOf, serializeDocument, toBlockText } from './serialize.ts';
import { findTokens } from './token-text.ts';

const editors: Editor[] = [];
afterEach(() => {
  while (editors.length) editors.pop()!.destroy();
});

/** A headless editor as the canvas opens a block's html, tokens made into chips. */
function open(blockHtml: string, { multiline = true } = {}) {
  const html = editorHtmlOf(blockHtml, '');
  const editor = new Editor({
    extensions: createRichTextExtensions({ multiline, onLinkShortcut: () => {} }),
    content: html,
    editorProps: plainTextInputProps({ multiline }),
  });
  editors.push(editor);
  // What onCreate does in the component: a transaction runs the tokenizer.
  editor.commands.setContent(html, { emitUpdate: false });
  return editor;
}

const stored = (editor: Editor, { multiline = true } = {}) =>
  toBlockText(editor.getJSON(), { inline: !multiline });

/** Pastes a clipboard holding both html and plain text, the way a browser hands it over. */
function paste(editor: Editor, data: Record<string, string>) {
  const event = new Event('paste', { bubbles: true, cancelable: true }) as ClipboardEvent;
  Object.defineProperty(event, 'clipboardData', {
    value: { getData: (type: string) => data[type] ?? '', types: Object.keys(data) },
  });
  editor.view.dom.dispatchEvent(event);
}

describe('serialising the document', () => {
  const doc = (...content: JSONContent[]): JSONContent => ({ type: 'doc', content });
  const p = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content });
  const text = (value: string, ...marks: JSONContent['marks'] & object): JSONContent => ({
    type: 'text',
    text: value,
    marks,
  });

  it('writes paragraphs, breaks and marks, opening a shared mark once', () => {
    const html = serializeDocument(
      doc(
        p(
          text('Hi ', { type: 'bold' }),
          text('there', { type: 'bold' }, { type: 'italic' }),
          { type: 'hardBreak' },
          text('& <you>', { type: 'underline' }),
        ),
        p(),
        p(
          text('Shop', { type: 'link', attrs: { href: 'https://shop.test/?a=1&b=2' } }),
          text(' big', {
            type: 'textStyle',
            attrs: {
              fontFamily: "'Open Sans', Helvetica, Arial, sans-serif",
              fontSize: '20px',
              color: '#ff0000',
            },
          }),
        ),
      ),
      { inline: false },
    );
    expect(html).toBe(
      '<p><strong>Hi <em>there</em></strong><br><u>&amp; &lt;you&gt;</u></p><p><br></p>' +
        '<p><a href="https://shop.test/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">Shop</a>' +
        `<span style="font-family:'Open Sans', Helvetica, Arial, sans-serif;font-size:20px;color:#ff0000"> big</span></p>`,
    );
  });

  it('writes tokens as their text, inline images with digits-only sizes, and lists', () => {
    const html = serializeDocument(
      doc(
        p(
          {
            type: 'token',
            attrs: { text: '[customer-first-name|there]' },
            marks: [{ type: 'bold' }],
          },
          {
            type: 'image',
            attrs: { src: 'https://cdn.test/star.png', alt: 'star', width: 24, height: 24 },
          },
        ),
        {
          type: 'bulletList',
          content: [{ type: 'listItem', content: [p(text('Mug'))] }],
        },
      ),
      { inline: false },
    );
    expect(html).toBe(
      '<p><strong>[customer-first-name|there]</strong><img src="https://cdn.test/star.png" alt="star" width="24" height="24" style="vertical-align:middle"></p><ul><li>Mug</li></ul>',
    );
  });

  it('drops trailing empty paragraphs; a heading is one line without <p>', () => {
    expect(serializeDocument(doc(p(text('A')), p(), p()), { inline: false })).toBe('<p>A</p>');
    expect(serializeDocument(doc(p()), { inline: false })).toBe('');
    expect(
      serializeDocument(doc(p(text('Big '), text('thanks', { type: 'italic' }))), { inline: true }),
    ).toBe('Big <em>thanks</em>');
  });

  it('stores sanitised html that the server would store unchanged, and its plain text', () => {
    const editor = open(
      '<p>Hi [customer-first-name|there], <a href="https://shop.test">visit</a></p><p>Line<br>two</p>',
    );
    const fields = stored(editor);
    expect(fields.html).toBe(
      '<p>Hi [customer-first-name|there], <a href="https://shop.test" target="_blank" rel="noopener noreferrer">visit</a></p><p>Line<br />two</p>',
    );
    expect(sanitizeRichText(fields.html)).toBe(fields.html);
    expect(fields.content).toBe(
      'Hi [customer-first-name|there], visit (https://shop.test)\n\nLine\ntwo',
    );
  });

  it('opens plain content as paragraphs when a block has no html yet', () => {
    expect(editorHtmlOf('', 'A & B\n\nC\nD')).toBe('<p>A &amp; B</p><p>C<br>D</p>');
    expect(editorHtmlOf('<p onclick="x()">x<script>y</script></p>', 'ignored')).toBe('<p>x</p>');
  });

  it('round-trips: what it stores opens to the same document', () => {
    const html =
      '<p><strong>Bold</strong> <em>it</em> <u>u</u> <span style="font-family:Georgia, serif;font-size:24px;color:#336699">styled</span> [shop-name]</p><p>Two<br />lines <img src="https://cdn.test/a.png" alt="a" width="20" height="20" style="vertical-align:middle" /></p>';
    const first = stored(open(html)).html;
    expect(first).toBe(html);
    expect(stored(open(first)).html).toBe(first);
  });
});

describe('sanitising what the editor is given', () => {
  it('drops event handlers, scripts and styles that carry code', () => {
    const editor = open(
      '<p onclick="steal()" style="behavior:url(x.htc)">Hi <span style="color:red;background:url(javascript:alert(1))" onmouseover="x()">there</span></p>' +
        '<img src="https://a.test/x.png" onerror="alert(1)" width="20"><script>alert(1)</script>',
    );
    const { html } = stored(editor);
    expect(html).toBe(
      '<p>Hi <span style="color:red">there</span></p><p><img src="https://a.test/x.png" alt="" width="20" style="vertical-align:middle" /></p>',
    );
    expect(html).not.toMatch(/on\w+=|script|url\(/i);
  });

  it('never keeps a javascript:, data: or protocol-relative link', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      '//evil.test',
    ]) {
      const { html } = stored(open(`<p><a href="${href}">x</a></p>`));
      expect(html).toBe('<p>x</p>');
    }
    // A serialised document can only hold what the editor allowed, and the sanitiser checks again.
    const hostile = toBlockText(
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: 'x',
                marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
              },
            ],
          },
        ],
      },
      { inline: false },
    );
    expect(hostile.html).toBe('<p><a target="_blank" rel="noopener noreferrer">x</a></p>');
  });

  it('keeps only the words of nested forbidden tags', () => {
    const { html } = stored(
      open(
        '<div><table><tr><td><h1>Title <b>bold</b></h1><form><input value="x"><button>Go</button></form></td></tr></table></div>' +
          '<p><iframe src="https://evil.test"></iframe><svg onload="alert(1)"><text>svg</text></svg><object>o</object>ok</p>',
      ),
    );
    expect(html).not.toMatch(/<(table|tr|td|h1|form|input|button|iframe|svg|object)\b/i);
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('ok');
    expect(html).not.toContain('svg');
  });

  it('opens links in a new tab with noopener noreferrer, whatever they said', () => {
    const { html } = stored(
      open(
        '<p><a href="https://shop.test" target="_self" rel="opener">Shop</a> <a href="[shop-url]">Us</a></p>',
      ),
    );
    expect(html).toBe(
      '<p><a href="https://shop.test" target="_blank" rel="noopener noreferrer">Shop</a> <a href="[shop-url]" target="_blank" rel="noopener noreferrer">Us</a></p>',
    );
  });
});

describe('paste', () => {
  it('inserts only the plain text of a rich clipboard, as paragraphs and line breaks', () => {
    const editor = open('<p>Start</p>');
    editor.commands.focus('end');
    paste(editor, {
      'text/html':
        '<h1 style="color:red" onclick="x()">Big</h1><script>alert(1)</script><a href="javascript:alert(1)">link</a>',
      'text/plain': ' Big\nline two\n\nNext paragraph',
    });
    expect(stored(editor).html).toBe('<p>Start Big<br />line two</p><p>Next paragraph</p>');
  });

  it('keeps the marks at the cursor and makes pasted tokens chips', () => {
    const editor = open('<p><strong>Hi</strong></p>');
    editor.commands.focus('end');
    paste(editor, { 'text/plain': ' [customer-first-name], from [shop-name|us]' });
    expect(stored(editor).html).toBe(
      '<p><strong>Hi [customer-first-name], from [shop-name|us]</strong></p>',
    );
    const tokens: string[] = [];
    editor.state.doc.descendants((node) => {
      if (node.type.name === 'token') tokens.push(String(node.attrs.text));
    });
    expect(tokens).toEqual(['[customer-first-name]', '[shop-name|us]']);
  });

  it('makes a pasted multi-line text one line in a heading', () => {
    const editor = open('Thanks', { multiline: false });
    editor.commands.focus('end');
    paste(editor, { 'text/plain': ' a\n\nlot\n' });
    expect(stored(editor, { multiline: false }).html).toBe('Thanks a lot');
  });
});

describe('tokens', () => {
  it('turns typed tokens into one atom and leaves unknown words as text', () => {
    const editor = open('<p></p>');
    editor.commands.focus('end');
    editor.commands.insertContent('Hi [customer-first-name');
    let count = 0;
    editor.state.doc.descendants((node) => void (node.type.name === 'token' && (count += 1)));
    expect(count).toBe(0);
    editor.commands.insertContent(']! [first-name]');
    editor.state.doc.descendants((node) => void (node.type.name === 'token' && (count += 1)));
    expect(count).toBe(1);
    // One Backspace after the token removes it whole.
    editor.commands.setTextSelection(4 + 1);
    editor.commands.deleteRange({ from: 4, to: 5 });
    expect(stored(editor).content).toBe('Hi ! [first-name]');
  });

  it('finds known tokens with fallbacks only', () => {
    expect(
      findTokens('[shop-name] [order-number|n/a] [nope] [shop-name|a[b]').map((t) => t.text),
    ).toEqual(['[shop-name]', '[order-number|n/a]']);
  });
});

describe('dialog rules', () => {
  it('accepts web, mailto, tel and URL-token links and refuses scripts', () => {
    expect(normalizeLinkUrl('https://shop.test/a')).toBe('https://shop.test/a');
    expect(normalizeLinkUrl('shop.test/sale')).toBe('https://shop.test/sale');
    expect(normalizeLinkUrl('mailto:hi@shop.test')).toBe('mailto:hi@shop.test');
    expect(normalizeLinkUrl('[tracking-link]')).toBe('[tracking-link]');
    expect(normalizeLinkUrl('[shop-name]')).toBeNull();
    expect(normalizeLinkUrl('javascript:alert(1)')).toBeNull();
    expect(normalizeLinkUrl('//evil.test')).toBeNull();
    expect(normalizeLinkUrl('not a url')).toBeNull();
    expect(normalizeImageUrl('https://cdn.test/a.png')).toBe('https://cdn.test/a.png');
    expect(normalizeImageUrl('data:image/svg+xml,<svg>')).toBeNull();
  });

  it('puts images up to 1.8x the font size inline and larger ones in a block', () => {
    expect(placeImage(28, 16)).toBe('inline');
    expect(placeImage(28.8, 16)).toBe('inline');
    expect(placeImage(29, 16)).toBe('block');
    expect(placeImage(40, 24)).toBe('inline');
    expect(placeImage(null, 16)).toBe('block');
    expect(pxOf('18px')).toBe(18);
    expect(pxOf('1em')).toBeNull();
    expect(digitsOnly('12a3px')).toBe('123');
  });
});
