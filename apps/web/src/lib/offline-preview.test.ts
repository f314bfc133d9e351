import { describe, expect, it } from 'vitest';
import { createDefaultTemplate, renderEmail } from '@thankly/email';
import { offlinePreviewHtml } from './offline-preview.ts';

describe('preview html without outside requests', () => {
  const design = createDefaultTemplate().design;
  const withInter = {
    ...design,
    global: { ...design.global, fontFamily: "'Inter', Arial, sans-serif" },
  };

  it('drops the Google Fonts link and keeps the font stack with its fallback', () => {
    const { html } = renderEmail(withInter, { title: 'Thanks', preheader: '', language: 'en' });
    expect(html).toContain('fonts.googleapis.com');
    const preview = offlinePreviewHtml(html);
    expect(preview).not.toContain('fonts.googleapis.com');
    expect(preview).toContain("font-family:'Inter', Arial, sans-serif");
  });

  it('forbids web fonts and outside stylesheets first thing in the head', () => {
    const preview = offlinePreviewHtml(
      '<!doctype html><html><head><meta charset="utf-8"></head><body>Hi</body></html>',
    );
    expect(preview).toMatch(
      /^<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="font-src data:; style-src 'unsafe-inline'">/,
    );
    expect(offlinePreviewHtml('<p>Hi</p>')).toMatch(/^<meta http-equiv="Content-Security-Policy"/);
  });

  it('drops any stylesheet from another host, however it is written', () => {
    for (const link of [
      '<link href="https://evil.example/a.css" rel="stylesheet">',
      "<link rel=stylesheet href='//cdn.example/x.css'>",
      '<LINK REL="stylesheet" HREF=http://x.example/y.css>',
    ]) {
      expect(offlinePreviewHtml(`<head>${link}</head>`)).not.toMatch(/example/);
    }
  });
});
