// The editor's title row: the way back, whether there are unsaved changes, the checks before
// sending, Send test and Save.
import { Link } from 'react-router';
import { Button } from '../components/ui/index.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { ChecksButton } from './checks/checks-button.tsx';
import { AUTOSAVE_TEXTS } from './autosave/autosaver.ts';
import { HistoryLink } from './history/history-link.tsx';
import { SharePreviewButton } from './share-preview/share-preview-button.tsx';
import type { AutosaveState } from './autosave/use-autosave.ts';

/** Beside the autosave status while the design differs from what buyers receive. */
export const NOT_LIVE_YET = 'Changes not yet live';

export const EDITOR_TITLES = { create: 'Create template', edit: 'Edit template' } as const;

export function EditorHeader({
  isNew,
  isDirty,
  saving,
  onSave,
  autosave,
  sendingTest,
  onSendTest,
  checks,
}: {
  isNew: boolean;
  isDirty: boolean;
  saving: boolean;
  onSave: () => void;
  /** Where the seller's latest changes are: the polite status beside the buttons. */
  autosave: AutosaveState;
  sendingTest: boolean;
  onSendTest: () => void;
  checks: Parameters<typeof ChecksButton>[0];
}) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <Link to={PRODUCT_PATH} className="focus-ring text-sm font-medium text-brand-700 underline">
          ← Back
        </Link>
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
          {isNew ? EDITOR_TITLES.create : EDITOR_TITLES.edit}
        </h1>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span
          role="status"
          aria-live="polite"
          data-testid="autosave-status"
          className={`text-xs font-medium ${autosave.status === 'saved' ? 'text-slate-600' : autosave.status === 'saving' ? 'text-slate-700' : 'text-amber-800'}`}
        >
          {AUTOSAVE_TEXTS[autosave.status]}
        </span>
        {/* Kept as a draft is not what buyers get: only Save publishes. */}
        {isDirty ? <span className="text-xs text-slate-500">{NOT_LIVE_YET}</span> : null}
        <ChecksButton {...checks} />
        <SharePreviewButton />
        <HistoryLink />
        <Button variant="secondary" onClick={onSendTest} disabled={sendingTest} data-keep-selection>
          {sendingTest ? 'Sending…' : 'Send test'}
        </Button>
        <Button onClick={onSave} disabled={saving} data-keep-selection>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </header>
  );
}
