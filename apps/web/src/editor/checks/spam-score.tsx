// The spam score, from the server's deliverability check (SpamAssassin over the email exactly as a
// buyer gets it). It takes a core for a second and is rate-limited, so it runs when the panel
// opens and when the seller asks again, not on every edit; a score for older content says so.
import type { ContentCheckReport } from '@thankly/api-contract';
import { Loader2 } from 'lucide-react';
import { Alert, Badge, Button } from '../../components/ui/index.ts';

export const SPAM_CHECKING = 'Scoring the email as spam filters would…';

export interface SpamScoreState {
  pending: boolean;
  error: string | null;
  report: ContentCheckReport | null;
  /** The content changed since the report. */
  stale: boolean;
}

function verdict(score: number): { tone: 'green' | 'amber'; words: string } {
  if (score < 2) return { tone: 'green', words: 'Looks fine' };
  if (score < 5) return { tone: 'amber', words: 'Near the line' };
  return { tone: 'amber', words: 'Likely spam' };
}

export function SpamScore({ state, onCheck }: { state: SpamScoreState; onCheck: () => void }) {
  const finding = state.report?.findings.find((f) => f.rule === 'spam-score');
  const score = state.report?.spamScore ?? null;
  return (
    <div className="rounded-lg border border-slate-200 p-3" aria-live="polite">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Spam score</h3>
        {score !== null && !state.pending ? (
          <Badge tone={verdict(score).tone}>{verdict(score).words}</Badge>
        ) : null}
      </div>
      {state.pending ? (
        <p role="status" className="mt-2 flex items-center gap-2 text-sm text-slate-700">
          <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
          {SPAM_CHECKING}
        </p>
      ) : state.error ? (
        <div className="mt-2">
          <Alert>{state.error}</Alert>
        </div>
      ) : state.report ? (
        <>
          <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">
            {score === null ? 'Not available' : score.toFixed(1)}
          </p>
          <p className="mt-1 text-xs text-slate-600">{finding?.message}</p>
          {state.stale ? (
            <p className="mt-1 text-xs font-medium text-amber-800">
              You changed the email since this score.
            </p>
          ) : null}
        </>
      ) : null}
      {!state.pending ? (
        <Button variant="secondary" size="sm" className="mt-2" onClick={onCheck}>
          {state.report || state.error ? 'Check again' : 'Check spam score'}
        </Button>
      ) : null}
    </div>
  );
}
