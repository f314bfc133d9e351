// The one HTML escape lives in @thankly/email; this path stays only for the unsubscribe page and
// links (sending/), which still import it from here. Import '@thankly/email' in new code.
export { escapeHtml } from '@thankly/email';
