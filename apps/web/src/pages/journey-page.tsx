// The journey editor lives in src/journey; this module is its lazily loaded route entry.
export { default } from '../journey/journey-page.tsx';
