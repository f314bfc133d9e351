import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { TemplateUsed } from './template-used.tsx';

const renderUsed = (element: React.ReactElement) => render(<MemoryRouter>{element}</MemoryRouter>);

describe('the template an email used, in the activity feed', () => {
  afterEach(cleanup);

  it('links a sent email to the read-only view of the version it was made from', () => {
    renderUsed(
      <TemplateUsed name="Spring" version={{ templateId: 't-1', versionId: 'v-7', number: 7 }} />,
    );
    const link = screen.getByRole('link', { name: 'Spring, v7 (the version this email used)' });
    // The visible words are part of the name (axe: label-content-name-mismatch).
    expect(link.textContent).toBe('v7');
    expect(link.getAttribute('aria-label')).toContain(link.textContent);
    expect(link.getAttribute('href')).toBe('/thankly/history?template=t-1&version=v-7');
  });

  it('names the template without a link while no version is recorded, and a dash without one', () => {
    const { container, rerender } = renderUsed(<TemplateUsed name="Spring" version={null} />);
    expect(container.textContent).toBe('Spring');
    expect(screen.queryByRole('link')).toBeNull();
    rerender(
      <MemoryRouter>
        <TemplateUsed name={null} version={null} />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('—');
  });
});
