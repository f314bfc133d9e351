/**
 * An email's html made fit for a preview frame that asks nothing of the outside world. The email
 * links Google Fonts (email-shell.ts) for the mail clients that use web fonts; a preview must not
 * (offline machines, and EU sellers' visitors' addresses would go to Google). Every inline style
 * carries the whole font stack with its fallback, so without the link the preview shows the
 * fallback a client without web fonts shows.
 */

/** Any stylesheet link to another host: the web-font link is the one the renderer writes. */
const REMOTE_STYLESHEET = /<link\b[^>]*\bhref\s*=\s*["']?(?:https?:)?\/\/[^>]*>/gi;

/**
 * And in case a link is missed: no web fonts and no outside stylesheets at all, while inline
 * styles and the <style> element keep working. Images are left alone (the seller's own).
 */
const PREVIEW_POLICY =
  '<meta http-equiv="Content-Security-Policy" content="font-src data:; style-src \'unsafe-inline\'">';

export function offlinePreviewHtml(html: string): string {
  const withoutLinks = html.replace(REMOTE_STYLESHEET, '');
  // The policy must come before anything it governs, so it goes first in <head>.
  const head = /<head\b[^>]*>/i.exec(withoutLinks);
  if (!head) return PREVIEW_POLICY + withoutLinks;
  const at = head.index + head[0].length;
  return withoutLinks.slice(0, at) + PREVIEW_POLICY + withoutLinks.slice(at);
}
