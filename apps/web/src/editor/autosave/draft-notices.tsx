// What the editor says about its draft: opened from one (with a way to discard it), and a draft
// that moved on elsewhere (another tab or device) while this one was editing.
import { useState } from 'react';
import { DRAFT_MESSAGES, type TemplateDraft } from '@thankly/api-contract';
import { Alert, Button } from '../../components/ui/index.ts';
import { callApi } from '../../lib/call-api.ts';
import { toast } from '../../lib/toast.ts';
import type { Autosaver } from './autosaver.ts';
import type { AutosaveState } from './use-autosave.ts';

export const DRAFT_TEXTS = {
  openedExisting:
    'You’re editing a draft. Buyers still get the published version until you press Save.',
  openedNew:
    'You’re continuing the template you started earlier. It becomes one of your templates when you press Save.',
  discard: 'Discard draft',
  confirmDiscard: 'Discard this draft? The changes since you last pressed Save will be lost.',
  discardFailed: 'The draft could not be discarded. Try again in a moment.',
  keepMine: 'Keep my changes',
  openNewer: 'Open the newer version',
} as const;

export function DraftNotices({
  isNew,
  draftKey,
  openedFrom,
  autosave,
  onDiscarded,
  onOpenNewer,
}: {
  isNew: boolean;
  draftKey: string;
  openedFrom: 'server' | 'device' | null;
  autosave: { state: AutosaveState; autosaver: Autosaver };
  onDiscarded: () => void;
  onOpenNewer: (draft: TemplateDraft | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const { state, autosaver } = autosave;

  async function discard() {
    if (!window.confirm(DRAFT_TEXTS.confirmDiscard)) return;
    setBusy(true);
    await autosaver.pause();
    try {
      await callApi('DELETE /templates/:id/draft', { params: { id: draftKey } });
      await autosaver.reset();
      onDiscarded();
    } catch {
      toast.error(DRAFT_TEXTS.discardFailed);
      autosaver.resume();
      setBusy(false);
    }
  }

  return (
    <>
      {state.status === 'conflict' ? (
        <div className="mt-4">
          <Alert tone="info">
            <p>{DRAFT_MESSAGES.conflict}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={() => autosaver.overwrite(state.newer?.revision ?? 0)}
              >
                {DRAFT_TEXTS.keepMine}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onOpenNewer(state.newer ?? null)}
              >
                {DRAFT_TEXTS.openNewer}
              </Button>
            </div>
          </Alert>
        </div>
      ) : null}
      {openedFrom ? (
        <div className="mt-4">
          <Alert tone="info">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p>{isNew ? DRAFT_TEXTS.openedNew : DRAFT_TEXTS.openedExisting}</p>
              <Button size="sm" variant="secondary" onClick={discard} disabled={busy}>
                {DRAFT_TEXTS.discard}
              </Button>
            </div>
          </Alert>
        </div>
      ) : null}
    </>
  );
}
