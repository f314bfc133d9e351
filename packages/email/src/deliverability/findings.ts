// What the deliverability check reports. The API contract re-exports these: the email package owns
// the rules, so it owns the words for their results too.

/** The content check's rules, in the order the seller reads them. */
export const CONTENT_CHECK_RULES = [
  'size',
  'alt-text',
  'image-ratio',
  'shortener',
  'plain-text',
  'spam-score',
] as const;
export type ContentCheckRule = (typeof CONTENT_CHECK_RULES)[number];

export type ContentCheckLevel = 'pass' | 'warn' | 'fail' | 'skipped';

export interface ContentCheckFinding {
  rule: ContentCheckRule;
  /** pass: nothing to do. warn: worth fixing. fail: likely to hurt delivery. skipped: could not run. */
  level: ContentCheckLevel;
  /** One sentence: what was found and how to fix it. */
  message: string;
}
