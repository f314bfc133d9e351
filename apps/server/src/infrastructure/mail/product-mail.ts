import { escapeHtml } from '@thankly/email';

/** The product's own short notices (not sellers' designs): one plain, readable layout. */
export function productMail(paragraphs: string[], action?: { label: string; url: string }) {
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f6f6f9;font-family:Helvetica,Arial,sans-serif;color:#111111">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">',
    '<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:8px" cellpadding="24" cellspacing="0"><tr><td>',
    ...paragraphs.map(
      (p) =>
        `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`,
    ),
    action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 22px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>`
      : '',
    '<p style="margin:24px 0 0;color:#666666;font-size:13px">Thankly</p>',
    '</td></tr></table></td></tr></table></body></html>',
  ].join('');
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    '— Thankly',
  ].join('\n\n');
  return { html, text };
}
