import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TemplatePreview } from './template-preview.tsx';

describe('the card preview', () => {
  it('shows the email without its web-font link', () => {
    render(
      <TemplatePreview
        name="Spring"
        html={
          '<!doctype html><html><head><link href="https://fonts.googleapis.com/css2?family=Inter" rel="stylesheet"></head><body>Spring email</body></html>'
        }
      />,
    );
    const srcdoc = screen.getByTitle('Preview of Spring').getAttribute('srcdoc')!;
    expect(srcdoc).toContain('Spring email');
    expect(srcdoc).not.toContain('fonts.googleapis.com');
  });

  it('is never blank: no html yet shows a placeholder that says so', () => {
    for (const html of ['', '   ', null, undefined]) {
      const view = render(<TemplatePreview name="Draft" html={html} />);
      expect(screen.getByRole('img', { name: 'No preview of Draft yet' }).textContent).toContain(
        'No preview yet',
      );
      expect(screen.queryByTitle('Preview of Draft')).toBeNull();
      view.unmount();
    }
  });
});
