// Saving the template: check the fields, send the payload, and on success stay in the editor (a new
// template's address becomes its own, so a reload edits it); a refusal is said in an alert, and a
// plan limit offers the upgrade.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Design } from '@thankly/email';
import { ApiError } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { toast } from '../../lib/toast.ts';
import { UPGRADE_LABEL, UPGRADE_PATH } from '../../components/app-shell/app-nav.ts';
import { PRODUCT_PATH } from '../../route-meta.ts';
import { refreshTemplates, templateKeys } from '../../dashboard/templates/template-queries.ts';
import type { EditorStore } from '../store/editor-store.ts';
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
}: {
  templateId: string | null;
  conditionalAvailable: boolean;
  store: EditorStore;
  fields: TemplateFields;
  /** The first problem found, or null once the fields pass. */
  onInvalid: (problem: FieldError | null) => void;
  onSaved: (saved: { design: Design; fields: TemplateFields }) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  async function save() {
    const problem = validateTemplate(fields, { conditionalAvailable });
    onInvalid(problem);
    if (problem) return;
    setSaving(true);
    const design = store.getState().design;
    try {
      const payload = buildPayload(fields, design, { conditionalAvailable });
      const stored = templateId
        ? await callApi('PUT /templates/:id', { params: { id: templateId }, body: payload })
        : await callApi('POST /templates', { body: payload });
      onSaved({ design, fields });
      toast.success(templateId ? SAVE_MESSAGES.updated : SAVE_MESSAGES.created);
      void refreshTemplates(queryClient);
      setSaving(false);
      if (!templateId) {
        // The editor opens the saved template from the cache, without a loading screen.
        queryClient.setQueryData(templateKeys.one(stored.id), stored);
        navigate(`${PRODUCT_PATH}/create?id=${encodeURIComponent(stored.id)}`, { replace: true });
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
      setSaving(false);
    }
  }

  return { save, saving };
}
