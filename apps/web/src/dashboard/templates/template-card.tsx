import type { TemplateSummary } from '@thankly/api-contract';
import { fillTokens, sampleTokenValues } from '@thankly/email';
import { Badge, Button, ButtonLink } from '../../components/ui/index.ts';
import { formatCalendarRange } from '../../lib/format-dates.ts';
import { PRODUCT_PATH } from '../../route-meta.ts';
import { TemplatePreview } from './template-preview.tsx';

export interface TemplateCardProps {
  template: TemplateSummary;
  isSelected: boolean;
  isSendingToday: boolean;
  busy: 'select' | 'test' | 'delete' | null;
  onSelect: () => void;
  onSendTest: () => void;
  onDelete: () => void;
}

export function displayName(template: { name: string }): string {
  return template.name.trim() || 'Untitled template';
}

export function TemplateCard({
  template,
  isSelected,
  isSendingToday,
  busy,
  onSelect,
  onSendTest,
  onDelete,
}: TemplateCardProps) {
  const name = displayName(template);
  const { enabled, startDate, endDate } = template.sendConditions;
  return (
    <li
      className={`flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm ${
        isSelected ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200'
      }`}
      aria-label={name}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        {/* Two lines at most; the whole name stays in the heading's text (its accessible name)
            and shows on hover. */}
        <h3
          className="line-clamp-2 min-w-0 text-base font-semibold break-words text-slate-900"
          title={name}
        >
          {name}
        </h3>
        <div className="flex flex-wrap gap-1">
          {isSendingToday ? <Badge tone="green">Sending today</Badge> : null}
          {isSelected ? <Badge tone="brand">Selected</Badge> : null}
          {template.activeNow ? <Badge tone="amber">Active now</Badge> : null}
          {/* An autosaved draft differs from what buyers get (issue 38): Edit, then Save, to publish. */}
          {template.hasDraftChanges ? <Badge tone="slate">Draft changes not yet live</Badge> : null}
        </div>
      </div>
      {enabled && startDate && endDate ? <DateRange start={startDate} end={endDate} /> : null}
      {/* Read as a buyer would (the sample order's values), so no raw token wraps mid-word. */}
      <p className="truncate text-sm text-slate-700" title={template.subject}>
        {fillTokens(template.subject, sampleTokenValues, { escape: 'none' }).trim() ||
          '(no subject)'}
      </p>
      <TemplatePreview
        html={template.html && fillTokens(template.html, sampleTokenValues, { escape: 'html' })}
        name={name}
      />
      <div className="mt-auto flex flex-wrap gap-2">
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          onClick={onSelect}
          disabled={busy !== null || isSelected}
          aria-label={`Select ${name}`}
        >
          Select
        </Button>
        <ButtonLink
          variant="secondary"
          className="px-3 py-1.5"
          to={`${PRODUCT_PATH}/create?id=${encodeURIComponent(template.id)}`}
          aria-label={`Edit ${name}`}
        >
          Edit
        </ButtonLink>
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          onClick={onSendTest}
          disabled={busy !== null}
          aria-label={`Send test of ${name}`}
        >
          {busy === 'test' ? 'Sending…' : 'Send test'}
        </Button>
        <Button
          variant="ghost"
          className="px-3 py-1.5 text-red-700 hover:bg-red-50"
          onClick={onDelete}
          disabled={busy !== null}
          aria-label={`Delete ${name}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

function DateRange({ start, end }: { start: string; end: string }) {
  const [from, to] = formatCalendarRange(start, end);
  return (
    <p className="text-xs text-slate-600">
      Set for <time dateTime={start}>{from}</time> to <time dateTime={end}>{to}</time>
    </p>
  );
}
