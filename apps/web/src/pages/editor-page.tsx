// The template editor lives in src/editor; this module is its lazily loaded route entry.
export { default } from '../editor/editor-page.tsx';
