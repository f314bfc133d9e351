import { describe, expect, it } from 'vitest';
import { createDefaultTemplate, renderEmail } from '@thankly/email';
import {
  DEFAULT_EMAIL_SETTINGS,
  EMPTY_CONDITIONS,
  buildPayload,
  unknownTokensIn,
  validateTemplate,
} from './template-form.ts';

const fields = (over: Partial<Parameters<typeof validateTemplate>[0]> = {}) => ({
  name: 'Spring',
  subject: 'Thanks [customer-first-name]',
  ...DEFAULT_EMAIL_SETTINGS,
  sendConditions: EMPTY_CONDITIONS,
  ...over,
});

describe('validateTemplate', () => {
  it('needs a name after trimming', () => {
    expect(validateTemplate(fields({ name: '   ' }), { conditionalAvailable: false })).toEqual({
      field: 'name',
      message: 'Please enter a template name.',
    });
    expect(validateTemplate(fields(), { conditionalAvailable: false })).toBeNull();
  });

  it('needs both dates when conditional sending is on', () => {
    const on = (startDate: string, endDate: string) =>
      fields({ sendConditions: { enabled: true, startDate, endDate } });
    expect(validateTemplate(on('2026-05-01', ''), { conditionalAvailable: true })?.message).toBe(
      'Please set both a start and end date for conditional sending.',
    );
    expect(validateTemplate(on('', ''), { conditionalAvailable: true })?.field).toBe('startDate');
    expect(
      validateTemplate(on('2026-05-02', '2026-05-01'), { conditionalAvailable: true }),
    ).toEqual({
      field: 'endDate',
      message: 'End date cannot be before start date.',
    });
    expect(
      validateTemplate(on('2026-05-01', '2026-05-01'), { conditionalAvailable: true }),
    ).toBeNull();
    // Not available on the plan: the dates are not checked (and not sent).
    expect(validateTemplate(on('', ''), { conditionalAvailable: false })).toBeNull();
  });
});

describe('preview text and language', () => {
  const { design } = createDefaultTemplate();

  it('refuses preview text past the server’s limit, with the server’s message', () => {
    expect(
      validateTemplate(fields({ preheader: 'x'.repeat(151) }), { conditionalAvailable: false }),
    ).toEqual({
      field: 'preheader',
      message: 'Please keep the preview text under 150 characters.',
    });
    expect(
      validateTemplate(fields({ preheader: 'x'.repeat(150) }), { conditionalAvailable: false }),
    ).toBeNull();
  });

  it('sends both, and renders the html with them', () => {
    const payload = buildPayload(
      fields({ preheader: ' Ein Geschenk für [customer-first-name] ', language: 'ar' }),
      design,
      { conditionalAvailable: false },
    );
    expect(payload).toMatchObject({
      preheader: 'Ein Geschenk für [customer-first-name]',
      language: 'ar',
    });
    expect(payload.html).toContain('<html lang="ar" dir="rtl"');
    expect(payload.html).toContain('mso-hide:all">Ein Geschenk für [customer-first-name]&#847;');
  });

  it('looks for unknown tokens in the preview text too', () => {
    expect(unknownTokensIn('Hi', design, 'Hello [first-name]')).toEqual(['[first-name]']);
  });
});

describe('buildPayload', () => {
  const { design } = createDefaultTemplate();

  it('sends the preview html and trims the texts', () => {
    const payload = buildPayload(fields({ name: ' Spring ' }), design, {
      conditionalAvailable: false,
    });
    expect(payload.name).toBe('Spring');
    expect(payload.html).toBe(renderEmail(design, { title: 'Thanks [customer-first-name]' }).html);
    expect('sendConditions' in payload).toBe(false);
  });

  it('includes sendConditions only when available, empty dates as null', () => {
    const payload = buildPayload(fields(), design, { conditionalAvailable: true });
    expect(payload.sendConditions).toEqual({ enabled: false, startDate: null, endDate: null });
  });
});

describe('unknownTokensIn', () => {
  it('names bracketed words that are not tokens', () => {
    expect(unknownTokensIn('Hi [first-name]', design())).toEqual(['[first-name]']);
    expect(unknownTokensIn('Hi [customer-first-name]', design())).toEqual([]);
  });
});

function design() {
  return createDefaultTemplate().design;
}
