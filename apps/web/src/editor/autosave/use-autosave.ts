// Wires the autosaver to the editor: the store's design and the template's fields, the API, and
// the status the header shows.
import { useEffect, useState } from 'react';
import type { TemplateDraft, TemplateDraftContent } from '@thankly/api-contract';
import { ApiError, NetworkError } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import type { EditorStore } from '../store/editor-store.ts';
import type { TemplateFields } from '../form/template-form.ts';
import { Autosaver, type AutosaveStatus, type SendFailure } from './autosaver.ts';
import { localDraftsFor } from './local-drafts.ts';

export interface AutosaveState {
  status: AutosaveStatus;
  message?: string;
  /** After a conflict: the newer draft on the server (null: it was published or discarded). */
  newer?: TemplateDraft | null;
}

function classify(error: unknown): SendFailure {
  if (error instanceof NetworkError) return { kind: 'offline' };
  if (error instanceof ApiError) {
    if (error.status === 409) {
      const draft = (error.body as { draft?: TemplateDraft | null } | null)?.draft ?? null;
      return { kind: 'conflict', draft };
    }
    // The server is there but failing (restarting, a proxy's 502): kept here, tried again.
    if (error.status >= 500) return { kind: 'offline' };
    return { kind: 'refused', message: error.serverMessage ?? error.message };
  }
  return { kind: 'offline' };
}

export function draftContentOf(fields: TemplateFields, design: TemplateDraftContent['design']) {
  return { ...fields, design } satisfies TemplateDraftContent;
}

export function useAutosave({
  draftKey,
  sellerId,
  revision,
  store,
  fields,
  sendNow,
}: {
  draftKey: string;
  sellerId: string;
  revision: number;
  store: EditorStore;
  fields: TemplateFields;
  /** Opened from this device's copy, newer than the server's: send it at once. */
  sendNow: boolean;
}) {
  const [state, setState] = useState<AutosaveState>({ status: 'saved' });
  const [initialFields] = useState(fields);
  const [autosaver] = useState(
    () =>
      new Autosaver({
        key: draftKey,
        revision,
        read: () => draftContentOf(initialFields, store.getState().design),
        send: (baseRevision, content) =>
          callApi('PUT /templates/:id/draft', {
            params: { id: draftKey },
            body: { baseRevision, content },
          }),
        classify,
        local: localDraftsFor(sellerId),
        onStatus: (status, detail) =>
          setState({ status, message: detail?.message, newer: detail?.draft }),
        isOnline: () => navigator.onLine,
      }),
  );

  // The design: every change the seller makes (not the editor's own measuring of images).
  useEffect(() => {
    let last = store.unamended(store.getState().design);
    const unsubscribe = store.subscribe(() => {
      const design = store.unamended(store.getState().design);
      if (design === last) return;
      last = design;
      autosaver.changed();
    });
    if (sendNow) autosaver.changed();
    const keep = () => autosaver.keepNow();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') keep();
    };
    window.addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', keep);
      document.removeEventListener('visibilitychange', onHidden);
      keep();
      autosaver.dispose();
    };
  }, [autosaver, store, sendNow]);

  // The fields (name, subject, preview line, language, dates).
  // A save reads the fields as last rendered; a change of them is a change to save.
  useEffect(() => {
    autosaver.readWith(() => draftContentOf(fields, store.getState().design));
    if (fields !== initialFields) autosaver.changed();
  }, [fields, initialFields, autosaver, store]);

  return { state, autosaver };
}
