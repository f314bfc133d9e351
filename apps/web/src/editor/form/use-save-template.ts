// Saving the template: check the fields, send the payload, and on success stay in the editor (a new
// template's address becomes its own, so a reload edits it); a refusal is said in an alert, and a
// plan limit offers the upgrade.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { LinkWarning } from '@thankly/api-contract';
import type { Design } from '@thankly/email';
import { ApiError } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { toast } from '../../lib/toast.ts';
import { UPGRADE_LABEL, UPGRADE_PATH } from '../../components/app-shell/app-nav.ts';
import { PRODUCT_PATH } from '../../route-meta.ts';
import { refreshTemplates, templateKeys } from '../../dashboard/templates/template-queries.ts';
import type { EditorStore } from '../store/editor-store.ts';
import type { Autosaver } from '../autosave/autosaver.ts';
import { draftKeys } from '../autosave/draft-queries.ts';
import { LINK_WARNING_TEXTS, type LinkWarningsState } from './link-warnings.tsx';
import {
  buildPayload,
  validateTemplate,
  type FieldError,
  type TemplateFields,
} from './template-form.ts';

export const SAVE_MESSAGES = {
  created: 'Template created!',
  updated: 'Template updated sucessfully!',
  failed: 'Could not save template.',
} as const;

export function useSaveTemplate({
  templateId,
  conditionalAvailable,
  store,
  fields,
  onInvalid,
  onSaved,
  onLinkWarnings,
  autosaver,
}: {
  templateId: string | null;
  conditionalAvailable: boolean;
  store: EditorStore;
  fields: TemplateFields;
  /** The first problem found, or null once the fields pass. */
  onInvalid: (problem: FieldError | null) => void;
  onSaved: (saved: { design: Design; fields: TemplateFields }) => void;
  /** Saved, but a button leads nowhere: the editor stays open to show it (none: all is well). */
  onLinkWarnings: (warnings: LinkWarning[]) => void;
  /** Saving publishes: no autosave may run meanwhile, and the draft is gone after it. */
  autosaver?: Autosaver;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  async function save() {
    const problem = validateTemplate(fields, { conditionalAvailable });
    onInvalid(problem);
    if (problem) return;
    setSaving(true);
    await autosaver?.pause();
    const design = store.getState().design;
    try {
      const payload = buildPayload(fields, design, { conditionalAvailable });
      const stored = templateId
        ? await callApi('PUT /templates/:id', { params: { id: templateId }, body: payload })
        : await callApi('POST /templates', { body: payload });
      onSaved({ design, fields });
      // Published: the server removed the draft, and this device's copy goes too.
      await autosaver?.reset();
      queryClient.setQueryData(draftKeys.server(stored.id), null);
      void refreshTemplates(queryClient);
      setSaving(false);
      // Saved either way; with a link that leads nowhere, the seller is told which and how to fix it.
      const warnings = stored.linkWarnings ?? [];
      onLinkWarnings(warnings);
      if (warnings.length > 0) toast.info(LINK_WARNING_TEXTS.saved);
      else toast.success(templateId ? SAVE_MESSAGES.updated : SAVE_MESSAGES.created);
      if (!templateId) {
        // The editor opens the saved template from the cache, without a loading screen; saving
        // again updates it, and the warnings stay on screen.
        queryClient.setQueryData(templateKeys.one(stored.id), stored);
        navigate(`${PRODUCT_PATH}/create?id=${encodeURIComponent(stored.id)}`, {
          replace: true,
          state: { linkWarnings: warnings } satisfies LinkWarningsState,
        });
      }
    } catch (e) {
      const message =
        (e instanceof ApiError && e.serverMessage) ||
        (e instanceof Error && e.message) ||
        SAVE_MESSAGES.failed;
      window.alert(message);
      // 403: the plan does not allow it (the template limit). Leave the way out on screen.
      if (e instanceof ApiError && e.status === 403)
        toast.error(message, { action: { label: UPGRADE_LABEL, to: UPGRADE_PATH } });
      autosaver?.resume();
      setSaving(false);
    }
  }

  return { save, saving };
}
