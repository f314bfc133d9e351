// Restore and its one undo, as the history screens offer them: restore asks first, and either
// outcome is said in words on the page (with the undo beside a restore's), not only in a toast.
import { useState } from 'react';
import type { TemplateVersionSummary } from '@thankly/api-contract';
import { messageFor } from '../lib/api.ts';
import { HISTORY_TEXTS } from './version-labels.ts';
import { useVersionChange } from './version-queries.ts';

export type Outcome =
  | { kind: 'restored'; live: TemplateVersionSummary }
  | { kind: 'undone'; live: TemplateVersionSummary }
  | { kind: 'failed'; message: string };

export function useRestore(templateId: string) {
  const change = useVersionChange(templateId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = (action: 'restore' | 'undo', versionId: string) =>
    change.mutate(
      { action, versionId },
      {
        onSuccess: ({ live }) =>
          setOutcome({ kind: action === 'restore' ? 'restored' : 'undone', live }),
        onError: (error) =>
          setOutcome({ kind: 'failed', message: messageFor(error, HISTORY_TEXTS.changeFailed) }),
      },
    );

  return {
    outcome,
    busy: change.isPending ? (change.variables?.action ?? null) : null,
    restore(version: Pick<TemplateVersionSummary, 'id' | 'number'>) {
      if (window.confirm(HISTORY_TEXTS.restoreConfirm(version.number))) run('restore', version.id);
    },
    undo(restoreId: string) {
      run('undo', restoreId);
    },
  };
}

export type Restore = ReturnType<typeof useRestore>;
