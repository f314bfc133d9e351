// What the editor's checks panel lists: one item per problem, each naming where it is (a block on
// the canvas or a field above it), what is wrong and how to fix it. The rules are pure and run in
// the browser as the seller edits; the server's deliverability check shares their figures.

export const EDITOR_CHECK_RULES = [
  'subject',
  'preheader',
  'size',
  'link-token',
  'dead-link',
  'alt-text',
  'image-weight',
  'contrast',
  'columns',
] as const;
export type EditorCheckRule = (typeof EDITOR_CHECK_RULES)[number];

/** A template field the seller fills above the canvas. */
export type CheckedField = 'subject' | 'preheader';

export type CheckTarget =
  | { kind: 'block'; blockId: string; /** "Text block 3", as the canvas names it. */ name: string }
  | { kind: 'field'; field: CheckedField; name: string };

export interface EditorCheckItem {
  /** Stable while the problem lasts: the panel keeps focus and React keys by it. */
  key: string;
  rule: EditorCheckRule;
  /** fail: buyers will see it broken. warn: worth fixing. */
  level: 'warn' | 'fail';
  target: CheckTarget;
  /** What is wrong, in one sentence. */
  problem: string;
  /** How to fix it, in one sentence. */
  fix: string;
}
