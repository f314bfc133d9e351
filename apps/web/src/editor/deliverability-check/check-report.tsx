// The result of a deliverability check: the spam score and size at a glance, then one line per
// rule with its level as an icon (and in words for screen readers).
import type { ContentCheckFinding, ContentCheckReport } from '@thankly/api-contract';
import { CircleCheck, CircleMinus, CircleX, TriangleAlert, type LucideIcon } from 'lucide-react';

const LEVELS: Record<
  ContentCheckFinding['level'],
  { Icon: LucideIcon; label: string; className: string }
> = {
  pass: { Icon: CircleCheck, label: 'Passed', className: 'text-emerald-600' },
  warn: { Icon: TriangleAlert, label: 'Worth fixing', className: 'text-amber-600' },
  fail: { Icon: CircleX, label: 'Fix this', className: 'text-red-600' },
  skipped: { Icon: CircleMinus, label: 'Not checked', className: 'text-slate-500' },
};

/** Problems first, so the fixes are the first thing read; otherwise the rules' own order. */
const ORDER: Record<ContentCheckFinding['level'], number> = {
  fail: 0,
  warn: 1,
  skipped: 2,
  pass: 3,
};

function summary(findings: readonly ContentCheckFinding[]): string {
  const fixes = findings.filter((f) => f.level === 'fail' || f.level === 'warn').length;
  if (fixes === 0) return 'All clear: nothing to fix.';
  return fixes === 1 ? '1 thing to fix.' : `${fixes} things to fix.`;
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.ceil(bytes / 1024))} KB`;

function Measure({ label, value, caption }: { label: string; value: string; caption: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value}</dd>
      <dd className="text-xs text-slate-600">{caption}</dd>
    </div>
  );
}

export function CheckReport({ report }: { report: ContentCheckReport }) {
  const findings = [...report.findings].sort((a, b) => ORDER[a.level] - ORDER[b.level]);
  return (
    <div>
      <p className="text-base font-semibold text-slate-900">{summary(report.findings)}</p>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <Measure
          label="Spam score"
          value={report.spamScore === null ? 'Not checked' : report.spamScore.toFixed(1)}
          caption="Counts as spam from 5"
        />
        <Measure
          label="Size"
          value={kilobytes(report.htmlBytes)}
          caption="As sent, longest order; Gmail cuts at 102 KB"
        />
      </dl>
      <ul className="mt-4 space-y-3" aria-label="Findings">
        {findings.map((finding) => {
          const { Icon, label, className } = LEVELS[finding.level];
          return (
            <li key={finding.rule} className="flex gap-3 text-sm text-slate-800">
              <Icon aria-hidden="true" className={`mt-0.5 h-4 w-4 shrink-0 ${className}`} />
              <span>
                <span className="sr-only">{label}: </span>
                {finding.message}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
