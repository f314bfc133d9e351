// The outbox lives in src/outbox; this module is its lazily loaded route entry.
export { default } from '../outbox/outbox-page.tsx';
