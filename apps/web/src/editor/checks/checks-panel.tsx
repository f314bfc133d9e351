// The checks panel: what will go wrong before a buyer sees it, updated as the seller edits. The
// size meter and the spam score on top, then one item per problem, each naming its block (or
// field), saying how to fix it, and taking the seller there. Loaded only when first opened.
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ContentCheckInput, ContentCheckReport } from '@thankly/api-contract';
import {
  checkTemplate,
  type CheckedTemplate,
  type CheckTarget,
  type EditorCheckItem,
  type EditorCheckRule,
  type EditorChecks,
} from '@thankly/email/editor-checks';
import { CircleCheck, CircleX, Loader2, TriangleAlert, X } from 'lucide-react';
import { Button } from '../../components/ui/index.ts';
import { messageFor } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { SizeMeter } from './size-meter.tsx';
import { SpamScore } from './spam-score.tsx';
import { sizeWithBaseline, type SentSizeBaseline } from './use-editor-checks.ts';

export const CHECK_FAILED = 'The spam check could not run just now. Please try again in a minute.';
export const CHECKS_LOADING = 'Checking your email…';

const LEVELS = {
  fail: { Icon: CircleX, label: 'Fix this', className: 'text-red-600' },
  warn: { Icon: TriangleAlert, label: 'Worth fixing', className: 'text-amber-600' },
} as const;

/** What kind of problem an item is, in a few words beside the block's name. */
export const RULE_TITLES: Record<EditorCheckRule, string> = {
  subject: 'No subject',
  preheader: 'No preview line',
  size: 'Email too heavy',
  'link-token': 'Address from a token',
  'dead-link': 'Link leads nowhere',
  'alt-text': 'No description',
  'image-weight': 'Picture too heavy',
  contrast: 'Hard to read',
  columns: 'Columns too narrow',
};

function summary(count: number): string {
  if (count === 0) return 'Nothing to fix.';
  return count === 1 ? '1 thing to fix.' : `${count} things to fix.`;
}

function CheckItem({
  item,
  onJump,
}: {
  item: EditorCheckItem;
  onJump: (target: CheckTarget) => void;
}) {
  const { Icon, label, className } = LEVELS[item.level];
  return (
    <li className="flex gap-3 border-t border-slate-200 py-3 first:border-t-0 first:pt-0">
      <Icon aria-hidden="true" className={`mt-0.5 h-4 w-4 shrink-0 ${className}`} />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-slate-900">
          <span className="sr-only">{label}: </span>
          {item.target.name}
          <span className="font-normal text-slate-600"> · {RULE_TITLES[item.rule]}</span>
        </p>
        <p className="mt-0.5 text-slate-800">{item.problem}</p>
        <p className="mt-0.5 text-slate-600">
          <span className="font-medium text-slate-700">How to fix: </span>
          {item.fix}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="shrink-0 self-start"
        onClick={() => onJump(item.target)}
        aria-label={`Go to ${item.target.name} (${RULE_TITLES[item.rule].toLowerCase()})`}
      >
        Go to
      </Button>
    </li>
  );
}

export interface ChecksPanelProps {
  id: string;
  checks: EditorChecks | null;
  /** The revision `checks` were computed at (see useEditorChecks). */
  revision: number;
  currentRevision: () => number;
  baseline: SentSizeBaseline | null;
  onBaseline: (baseline: SentSizeBaseline) => void;
  /** The template as it is on screen, as the server's check takes it. */
  input: () => CheckedTemplate;
  onJump: (target: CheckTarget) => void;
  onClose: () => void;
}

export default function ChecksPanel({
  id,
  checks,
  revision,
  currentRevision,
  baseline,
  onBaseline,
  input,
  onJump,
  onClose,
}: ChecksPanelProps) {
  const [checkedAt, setCheckedAt] = useState<{ revision: number } | null>(null);
  const spam = useMutation({
    mutationFn: (body: ContentCheckInput): Promise<ContentCheckReport> =>
      callApi('POST /templates/deliverability-check', { body }),
  });

  function runSpamCheck() {
    const body = input();
    const at = currentRevision();
    // The browser's weight of exactly what the server measures, so later edits move the meter.
    const localBytes = checkTemplate(body).weight.bytes;
    spam.mutate(body, {
      onSuccess: (report) => {
        setCheckedAt({ revision: at });
        onBaseline({ sentBytes: report.htmlBytes, localBytes });
      },
    });
  }

  // Scored once when the panel opens; again only when the seller asks (it is rate-limited).
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    runSpamCheck();
  });

  const stale = checkedAt !== null && revision !== checkedAt.revision;
  const count = checks?.items.length ?? 0;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      data-keep-selection
      className="mt-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            Checks before sending
          </h2>
          <p className="text-sm text-slate-700" role="status">
            {checks ? summary(count) : CHECKS_LOADING}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close checks">
          <X aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
      {checks ? (
        <>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <SizeMeter
              sizeBytes={sizeWithBaseline(baseline)(checks.weight)}
              asSent={baseline !== null && !stale}
              weight={checks.weight}
              onJump={(blockId) =>
                onJump({
                  kind: 'block',
                  blockId,
                  name: checks.weight.blocks.find((b) => b.blockId === blockId)?.name ?? '',
                })
              }
            />
            <SpamScore
              state={{
                pending: spam.isPending,
                error: spam.isError ? messageFor(spam.error, CHECK_FAILED) : null,
                report: spam.data ?? null,
                stale,
              }}
              onCheck={runSpamCheck}
            />
          </div>
          {count === 0 ? (
            <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
              <CircleCheck aria-hidden="true" className="h-4 w-4 text-emerald-600" />
              Links, pictures, colours, columns, subject and preview line all look right.
            </p>
          ) : (
            <ul className="mt-4" aria-label="Things to fix">
              {checks.items.map((item) => (
                <CheckItem key={item.key} item={item} onJump={onJump} />
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
          {CHECKS_LOADING}
        </p>
      )}
    </section>
  );
}
