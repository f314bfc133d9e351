// The pages a shared preview link opens: the email at desktop and phone widths, or a page saying
// the link no longer works. Plain HTML with no script at all, so the page's CSP can forbid every
// script; the email sits in a sandboxed srcdoc frame, which also inherits that CSP.
import { escapeHtml } from '@thankly/email';

/** Thankly's public pages: Inter, slate text, the brand indigo (apps/web/src/index.css). */
const BASE_STYLE = [
  '*{box-sizing:border-box}',
  'body{margin:0;font-family:Inter,Roboto,Helvetica,Arial,sans-serif;color:#0f172a;background:#f8fafc;line-height:1.6;-webkit-font-smoothing:antialiased}',
  '.bar{display:flex;align-items:center;gap:12px;padding:14px 24px;background:#fff;border-bottom:1px solid #e2e8f0}',
  '.brand{font-weight:700;font-size:18px;color:#4338ca}',
  '.tag{font-size:12px;font-weight:600;color:#334155;background:#f1f5f9;border:1px solid #e2e8f0;border-radius:9999px;padding:2px 10px}',
  'main{max-width:1200px;margin:0 auto;padding:40px 24px 64px}',
  'h1{font-size:30px;line-height:1.2;margin:0 0 12px;overflow-wrap:anywhere}',
  'p{color:#334155;margin:0 0 16px}',
  '.small{font-size:14px}',
  '@media (max-width:639px){main{padding:32px 16px 48px}.bar{padding:12px 16px}h1{font-size:26px}}',
].join('');

const PREVIEW_STYLE = [
  '.eyebrow{font-size:14px;font-weight:600;color:#4338ca;margin:0 0 4px}',
  '.envelope{margin:0 0 16px;padding:16px 20px;background:#fff;border:1px solid #e2e8f0;border-radius:12px;font-size:14px;display:grid;gap:6px}',
  '.envelope div{display:grid;grid-template-columns:72px 1fr;gap:12px}',
  '.envelope dt{color:#475569;font-weight:600}',
  '.envelope dd{margin:0;overflow-wrap:anywhere}',
  '.views{display:grid;gap:32px;margin-top:32px;justify-content:start}',
  '.view h2{font-size:18px;font-weight:600;margin:0}',
  '.view p{font-size:12px;color:#475569;margin:0 0 8px}',
  '.frame{display:inline-block;background:#fff;border:1px solid #e2e8f0;border-radius:12px;overflow:hidden;box-shadow:0 1px 2px rgba(15,23,42,.06)}',
  '.frame iframe{display:block;border:0;background:#fff}',
  // The desktop frame is a real 1100 px window, zoomed to fit what the screen has (no script can
  // measure it); the phone frame is 390 px, zoomed only on screens narrower than that.
  '.desktop iframe{width:1100px;height:1600px;zoom:.28}',
  '.phone iframe{width:390px;height:760px;zoom:.82}',
  '@media (min-width:440px){.desktop iframe{zoom:.34;height:1400px}.phone iframe{zoom:1}}',
  '@media (min-width:640px){.desktop iframe{zoom:.5;height:1100px}}',
  '@media (min-width:1024px){.views{grid-template-columns:auto auto;align-items:start}}',
  '@media (min-width:1280px){.desktop iframe{zoom:.66}}',
].join('');

function page(title: string, style: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow, noarchive"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${BASE_STYLE}${style}</style></head><body><header class="bar"><span class="brand">Thankly</span><span class="tag">Shared preview</span></header>${body}</body></html>`;
}

export interface SharedPreviewContent {
  templateName: string;
  from: { name: string; address: string };
  subject: string;
  /** The email as a buyer gets it: sanitised, rendered by the server, filled with sample values. */
  html: string;
  expiresAt: Date;
}

/** "December 5, 2026, 11:00 UTC": the viewer's zone is unknown to a page without script. */
function formatExpiry(at: Date): string {
  const when = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(at);
  return `${when} UTC`;
}

/**
 * The frame never gets `allow-scripts` or `allow-same-origin`: the email runs nothing and cannot
 * reach this page. `allow-popups` lets a link in it open in a new tab, as in a mail app;
 * `no-referrer` keeps this page's address (the token) out of where it leads.
 */
function emailFrame(title: string, html: string): string {
  return `<iframe title="${escapeHtml(title)}" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${escapeHtml(html)}"></iframe>`;
}

export function sharedPreviewPage(content: SharedPreviewContent): string {
  const name = escapeHtml(content.templateName || 'Untitled template');
  const body = `<main><p class="eyebrow">Email preview</p><h1>${name}</h1><dl class="envelope" aria-label="Envelope"><div><dt>From</dt><dd>${escapeHtml(content.from.name)} &lt;${escapeHtml(content.from.address)}&gt;</dd></div><div><dt>Subject</dt><dd>${escapeHtml(content.subject)}</dd></div></dl><p class="small">This is the email buyers receive, filled with sample order details: no real buyer’s information is shown. It is read-only, and this link works until ${escapeHtml(formatExpiry(content.expiresAt))}.</p><div class="views"><section class="view" aria-labelledby="desktop-title"><h2 id="desktop-title">Desktop</h2><p>A 1100 px wide window, scaled to fit your screen</p><div class="frame desktop">${emailFrame('The email on a desktop screen', content.html)}</div></section><section class="view" aria-labelledby="phone-title"><h2 id="phone-title">Phone</h2><p>A 390 px wide phone screen</p><div class="frame phone">${emailFrame('The email on a phone screen', content.html)}</div></section></div></main>`;
  return page(
    `Email preview: ${content.templateName || 'Untitled template'} - Thankly`,
    PREVIEW_STYLE,
    body,
  );
}

/** The same page for a link that is unknown, expired or revoked: it says which of them it is not. */
export const UNAVAILABLE_TITLE = 'This preview link no longer works';

export function unavailablePage(): string {
  return page(
    `${UNAVAILABLE_TITLE} - Thankly`,
    '.notice{max-width:560px}',
    `<main><div class="notice"><h1>${UNAVAILABLE_TITLE}</h1><p>Preview links work for a limited time, and the person who shared this one may have turned it off.</p><p>If you still need to see the email, ask them for a new link.</p></div></main>`,
  );
}

export const TOO_MANY_TITLE = 'Too many requests';

export function tooManyRequestsPage(retryAfterSeconds: number): string {
  return page(
    `${TOO_MANY_TITLE} - Thankly`,
    '.notice{max-width:560px}',
    `<main><div class="notice"><h1>${TOO_MANY_TITLE}</h1><p>This address opened a lot of preview links in a short time. Please wait about ${retryAfterSeconds} seconds, then reload the page.</p></div></main>`,
  );
}
