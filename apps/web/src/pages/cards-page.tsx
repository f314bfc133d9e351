// Printing thank-you cards lives in src/thank-by-hand; this module is its lazily loaded route entry.
export { default } from '../thank-by-hand/cards-page.tsx';
