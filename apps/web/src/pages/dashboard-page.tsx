// The template dashboard lives in src/dashboard; this module is its lazily loaded route entry.
export { default } from '../dashboard/dashboard-page.tsx';
