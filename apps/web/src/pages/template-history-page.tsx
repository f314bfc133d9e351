// The version history lives in src/history; this module is its lazily loaded route entry.
export { default } from '../history/template-history-page.tsx';
