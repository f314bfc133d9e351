import { describe, expect, test } from 'vitest';
import { MAX_EMAIL_HTML_BYTES } from '../schema/limits.ts';
import { emailSizeProblem, longestTokenValues } from './email-size.ts';
import { TOKEN_NAMES } from './tokens.ts';

describe('the size an email may be saved at', () => {
  test('up to the limit it fits; one byte more is refused', () => {
    expect(emailSizeProblem(MAX_EMAIL_HTML_BYTES)).toBeNull();
    expect(emailSizeProblem(MAX_EMAIL_HTML_BYTES + 1)).toMatch(/Gmail cuts emails over 102 KB/);
  });

  test('names the size as sent and what to do', () => {
    const problem = emailSizeProblem(120 * 1024 - 10);
    expect(problem).toMatch(/up to 120 KB as buyers get it \(tracked links/);
    expect(problem).toMatch(/Keep it under 90 KB/);
  });

  test('has a longest value for every token', () => {
    for (const name of TOKEN_NAMES) expect(longestTokenValues[name], name).toBeTruthy();
  });
});
