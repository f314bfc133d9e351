import { escapeHtml } from '@thankly/email';
import { TRACKING_LINK_LIFETIME_YEARS } from './link-state.ts';

/** Thankly's public pages: Inter, slate text, the brand indigo (apps/web/src/index.css). */
const STYLE = [
  'body{margin:0;font-family:Inter,Roboto,Helvetica,Arial,sans-serif;color:#0f172a;background:#fff;line-height:1.6;-webkit-font-smoothing:antialiased}',
  'main{max-width:560px;margin:0 auto;padding:64px 20px}',
  '.brand{font-weight:700;font-size:18px;color:#4338ca;margin:0 0 40px}',
  'h1{font-size:30px;line-height:1.2;margin:0 0 16px}',
  'p{color:#475569;margin:0 0 16px}',
  '.target{border:1px solid #e2e8f0;border-radius:12px;padding:16px;margin:24px 0;color:#0f172a}',
  '.target strong{display:block;font-size:18px}',
  '.target code{display:block;margin-top:4px;font-size:14px;color:#475569;word-break:break-all}',
  '.button{display:inline-block;background:#4f46e5;color:#fff;border-radius:8px;padding:10px 18px;font-weight:600;text-decoration:none}',
  '.button:hover{background:#4338ca}',
  '.button:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}',
].join('');

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The page a tracked link shows instead of leading on, when it is no longer live (its email is
 * unknown or too old, or its sender is suspended). It names where the link goes and lets the
 * person decide; nothing leads there by itself (no redirect, no script, no refresh), and the
 * reader is not told which of the reasons applies. Every address is escaped; the link carries no
 * referrer and no opener.
 */
export function linkInterstitialHtml(target: string): string {
  const url = escapeHtml(target);
  const host = escapeHtml(hostOf(target));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>Check this link before you go on - Thankly</title><style>${STYLE}</style></head><body><main><p class="brand">Thankly</p><h1>Check this link before you go on</h1><p>You followed a link in an email sent with Thankly. This link no longer leads on by itself: links in these emails work for ${TRACKING_LINK_LIFETIME_YEARS} year after the email is sent, and only while its sender uses Thankly.</p><div class="target"><strong>${host}</strong><code>${url}</code></div><p>Go on only if you know this address and trust it.</p><p><a class="button" href="${url}" rel="noopener noreferrer">Continue to ${host}</a></p></main></body></html>`;
}
