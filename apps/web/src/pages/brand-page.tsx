// The brand kit lives in src/brand; this module is its lazily loaded route entry.
export { default } from '../brand/brand-page.tsx';
