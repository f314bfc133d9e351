import { describe, expect, it } from 'vitest';
import { renderEmail } from '../render/render-email.ts';
import { designSchema, type DesignInput } from '../schema/design.ts';
import { createDefaultTemplate } from '../template/default-template.ts';
import { CONTENT_CHECK_RULES, type ContentCheckFinding } from './findings.ts';
import { readEmailHtml } from './email-html.ts';
import {
  checkContent,
  htmlBytes,
  plainTextFinding,
  sizeFinding,
  spamScoreFinding,
} from './rules.ts';

const PHOTO = 'https://cdn.shop.test/images/mug-sea-green.jpg';
const WORDS =
  'Thank you for your order. Every mug is thrown, glazed and fired by hand in our small studio, and yours is on its way.';

function check(input: DesignInput, spamScore: number | null = 0.4) {
  const design = designSchema.parse(input);
  const { html, text } = renderEmail(design);
  return checkContent({ design, html, text, sentBytes: htmlBytes(html), spamScore });
}

function finding(findings: ContentCheckFinding[], rule: ContentCheckFinding['rule']) {
  return findings.find((f) => f.rule === rule)!;
}

describe('checkContent', () => {
  it('passes the default template on every rule, in the order sellers read them', () => {
    const findings = check(createDefaultTemplate().design);
    expect(findings.map((f) => f.rule)).toEqual([...CONTENT_CHECK_RULES]);
    expect(findings.map((f) => f.level)).toEqual(CONTENT_CHECK_RULES.map(() => 'pass'));
  });

  it('names the images without a description, inside columns too', () => {
    const findings = check({
      blocks: [
        { id: 't', type: 'text', content: WORDS },
        { id: 'a', type: 'image', src: PHOTO, alt: '' },
        { id: 'b', type: 'image', src: 'https://cdn.shop.test/logo.png', alt: 'Juniper & Clay' },
        // Never shown, so never a problem: an image block nobody gave a picture.
        { id: 'c', type: 'image', src: '', alt: '' },
        {
          id: 'cols',
          type: 'columns',
          columns: [
            {
              id: 'l',
              widthPct: 50,
              items: [{ id: 'd', type: 'image', src: 'data:image/png;base64,AAAA', alt: ' ' }],
            },
            { id: 'r', widthPct: 50, items: [{ id: 'e', type: 'text', content: WORDS }] },
          ],
        },
      ],
    });
    expect(finding(findings, 'alt-text')).toEqual({
      rule: 'alt-text',
      level: 'warn',
      message: expect.stringMatching(
        /^2 images have no description \(mug-sea-green\.jpg, a pasted image\): add alt text/,
      ),
    });
  });

  it('warns about an email of pictures with little or no text', () => {
    const picturesOnly = check({
      blocks: [
        { id: 'a', type: 'image', src: PHOTO, alt: 'A mug' },
        { id: 'b', type: 'image', src: PHOTO, alt: 'Another mug' },
      ],
    });
    expect(finding(picturesOnly, 'image-ratio')).toMatchObject({
      level: 'warn',
      message: expect.stringContaining('only pictures with no text'),
    });

    const littleText = check({
      blocks: [
        { id: 'h', type: 'heading', content: 'Thanks!' },
        { id: 'a', type: 'image', src: PHOTO, alt: 'A mug' },
        { id: 'b', type: 'image', src: PHOTO, alt: 'Another mug' },
      ],
    });
    expect(finding(littleText, 'image-ratio')).toMatchObject({
      level: 'warn',
      message: expect.stringContaining('mostly pictures (2 images, about 7 characters of text)'),
    });

    const balanced = check({
      blocks: [
        { id: 'a', type: 'image', src: PHOTO, alt: 'A mug' },
        { id: 't', type: 'text', content: `${WORDS} ${WORDS}` },
      ],
    });
    expect(finding(balanced, 'image-ratio').level).toBe('pass');
  });

  it('fails links through a URL shortener wherever they are, naming each once', () => {
    const findings = check({
      blocks: [
        {
          id: 't',
          type: 'text',
          content: '',
          html: `<p>${WORDS} <a href="https://bit.ly/3xYz">See more</a> or <a href="https://shop.example/">our shop</a>.</p>`,
        },
        { id: 'b', type: 'button', text: 'Shop again', url: 'https://bit.ly/3xYz' },
        { id: 'i', type: 'image', src: PHOTO, alt: 'A mug', href: 'https://tinyurl.com/mug' },
      ],
    });
    expect(finding(findings, 'shortener')).toEqual({
      rule: 'shortener',
      level: 'fail',
      message:
        '2 links go through a URL shortener (https://bit.ly/3xYz, https://tinyurl.com/mug), which spam filters block: link to the full address instead.',
    });
  });

  it('reads links as a browser does, entities decoded', () => {
    expect(readEmailHtml('<p><a href="https://t.co/a?x=1&amp;y=2">x</a></p>').links).toEqual([
      'https://t.co/a?x=1&y=2',
    ]);
  });
});

describe('sizeFinding', () => {
  it('fails past the 90 KB a template saves at (in the save check’s words) and warns on the way', () => {
    expect(sizeFinding(90 * 1024 + 1)).toMatchObject({
      level: 'fail',
      message: expect.stringContaining('Gmail cuts emails over 102 KB'),
    });
    expect(sizeFinding(90 * 1024 + 1).message).toMatch(/^This email would be up to 91 KB/);
    expect(sizeFinding(90 * 1024).level).toBe('warn');
    expect(sizeFinding(81 * 1024).level).toBe('warn');
    expect(sizeFinding(20 * 1024)).toEqual({
      rule: 'size',
      level: 'pass',
      message:
        'This email is up to 20 KB as buyers get it, well under the 102 KB where Gmail cuts emails off.',
    });
  });
});

describe('plainTextFinding', () => {
  it('fails an empty text part and warns about one much shorter than the HTML', () => {
    expect(plainTextFinding('  \n ', 300).level).toBe('fail');
    expect(plainTextFinding('Thanks!', 300)).toMatchObject({
      level: 'warn',
      message: expect.stringContaining('(7 of 300 characters)'),
    });
    expect(plainTextFinding(WORDS, WORDS.length).level).toBe('pass');
  });

  it('does not count the invisible preheader filler as content', () => {
    const { visibleCharacters } = readEmailHtml(
      '<html><head><title>Hi</title><style>p{color:red}</style></head><body><div style="display:none">&#847;&zwnj;&nbsp;&#847;&zwnj;&nbsp;</div><p>Hi &amp; bye</p></body></html>',
    );
    expect(visibleCharacters).toBe('Hi&bye'.length);
  });
});

describe('spamScoreFinding', () => {
  it('turns SpamAssassin’s score into a level', () => {
    expect(spamScoreFinding(-0.04)).toEqual({
      rule: 'spam-score',
      level: 'pass',
      message: 'SpamAssassin scores this email 0.0, well under the 5 that counts as spam.',
    });
    expect(spamScoreFinding(1.99).level).toBe('pass');
    expect(spamScoreFinding(2).level).toBe('warn');
    expect(spamScoreFinding(4.9).level).toBe('warn');
    expect(spamScoreFinding(5).level).toBe('fail');
  });

  it('says so when SpamAssassin did not answer', () => {
    expect(spamScoreFinding('failed')).toMatchObject({
      level: 'skipped',
      message: expect.stringContaining('run the check again'),
    });
  });

  it('says so when SpamAssassin is not installed', () => {
    expect(spamScoreFinding(null)).toEqual({
      rule: 'spam-score',
      level: 'skipped',
      message: 'SpamAssassin is not installed on this server, so no spam score was computed.',
    });
  });
});
