// The checks as the seller edits: run in a timer a moment after the last change, never inside a
// keystroke's handler or render (the edit paints first; a check of 200 blocks takes a few ms). The store is read through a subscription, not a selector
// hook, so an edit does not re-render the editor screen for the checks' sake.
import { useEffect, useRef, useState } from 'react';
import type { EditorChecks, EmailWeight, ImageFactsLookup } from '@thankly/email/editor-checks';
import type { TemplateFields } from '../form/template-form.ts';
import type { EditorStore } from '../store/editor-store.ts';
import { loadChecks } from './load-checks.ts';

/** Long enough that a typing run is checked once, at its end. */
export const CHECK_DELAY_MS = 400;

/**
 * The server's as-sent size (tracked links, footer) for the content as it was when measured,
 * with the browser's own weight of that same content: later edits move the figure by their own
 * weight, so the meter stays close to the as-sent size between server checks.
 */
export interface SentSizeBaseline {
  sentBytes: number;
  localBytes: number;
}

export function sizeWithBaseline(baseline: SentSizeBaseline | null) {
  return (weight: EmailWeight) =>
    baseline ? Math.max(0, baseline.sentBytes + weight.bytes - baseline.localBytes) : weight.bytes;
}

export interface EditorChecksState {
  checks: EditorChecks | null;
  /** The revision `checks` were computed at. */
  revision: number;
  /** Counts every change to the design or the fields: a server check is stale once it moves on. */
  currentRevision: () => number;
}

export function useEditorChecks({
  store,
  fields,
  images,
  baseline,
}: {
  store: EditorStore;
  fields: Pick<TemplateFields, 'subject' | 'name' | 'preheader' | 'language'>;
  images: ImageFactsLookup;
  baseline: SentSizeBaseline | null;
}): EditorChecksState {
  const [state, setState] = useState<{ checks: EditorChecks | null; revision: number }>({
    checks: null,
    revision: 0,
  });
  const revision = useRef(0);
  const checkedFields = useRef<string | null>(null);

  useEffect(() => {
    let timer: number | undefined;
    let cancelled = false;
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        loadChecks()
          .then(({ checkTemplate }) => {
            if (cancelled) return;
            const checks = checkTemplate(
              {
                design: store.getState().design,
                subject: fields.subject,
                preheader: fields.preheader,
                language: fields.language,
              },
              { images, sizeBytes: sizeWithBaseline(baseline) },
            );
            setState({ checks, revision: revision.current });
          })
          .catch(() => {
            // The rules could not load (offline): the panel keeps its last result.
          });
      }, CHECK_DELAY_MS);
    };
    // New picture facts or a new size baseline re-check the same content: no new revision.
    const fieldsKey = JSON.stringify([fields.subject, fields.preheader, fields.language]);
    if (fieldsKey !== checkedFields.current) {
      checkedFields.current = fieldsKey;
      revision.current += 1;
    }
    schedule();
    let design = store.getState().design;
    const unsubscribe = store.subscribe(() => {
      const next = store.getState().design;
      if (next === design) return; // a selection, not an edit
      design = next;
      revision.current += 1;
      schedule();
    });
    return () => {
      cancelled = true;
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [store, fields.subject, fields.preheader, fields.language, images, baseline]);

  return { ...state, currentRevision: () => revision.current };
}
