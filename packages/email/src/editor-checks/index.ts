// @thankly/email/editor-checks: the rules behind the editor's checks panel. Its own entry so the
// editor loads them only with the panel (and its count), not with the canvas.
export {
  EDITOR_CHECK_RULES,
  type EditorCheckRule,
  type EditorCheckItem,
  type CheckTarget,
  type CheckedField,
} from './check-items.ts';
export { checkTemplate, type CheckedTemplate, type EditorChecks } from './check-design.ts';
export { type EmailWeight, type BlockWeight } from './email-weight.ts';
export { type ImageFacts, type ImageFactsLookup } from './image-rules.ts';
export { darkModeColor } from './dark-mode.ts';
export { GMAIL_CLIP_BYTES, SIZE_WARNING_BYTES } from '../deliverability/rules.ts';
