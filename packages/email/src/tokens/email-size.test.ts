import { describe, expect, test } from 'vitest';
import { createDefaultTemplate } from '../template/default-template.ts';
import { renderEmail } from '../render/render-email.ts';
import { MAX_EMAIL_HTML_BYTES } from '../schema/limits.ts';
import { emailSizeProblem, worstCaseEmailBytes } from './email-size.ts';

describe('the size an email is sent at', () => {
  test('the default template is far below the limit, even for the longest order', () => {
    const { html } = renderEmail(createDefaultTemplate().design);
    expect(worstCaseEmailBytes(html)).toBeLessThan(MAX_EMAIL_HTML_BYTES / 4);
    expect(emailSizeProblem(html)).toBeNull();
  });

  test('counts tokens at their longest: a design of tokens alone can pass the limit', () => {
    const tokens = '[product-title-list] '.repeat(40);
    const small = renderEmail(createDefaultTemplate().design).html;
    expect(Buffer.byteLength(small)).toBeLessThan(MAX_EMAIL_HTML_BYTES);
    const html = small.replace('</body>', `${tokens.repeat(20)}</body>`);
    expect(Buffer.byteLength(html)).toBeLessThan(MAX_EMAIL_HTML_BYTES);
    expect(emailSizeProblem(html)).toMatch(/Gmail cuts emails over 102 KB/);
  });

  test('names the size and what to do', () => {
    const problem = emailSizeProblem(`<html><body>${'x'.repeat(120 * 1024)}</body></html>`);
    expect(problem).toMatch(/about 12\d KB/);
    expect(problem).toMatch(/Keep it under 90 KB/);
  });
});
