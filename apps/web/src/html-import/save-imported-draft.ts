// An imported email becomes the seller's unsaved new template: the server's draft under the key
// `new` (docs/decisions/019), which the editor opens at /thankly/create. The server validates the
// design with the same schema and sanitiser as any draft; nothing is published until Save.
import { NEW_TEMPLATE_DRAFT_KEY, type TemplateDraft } from '@thankly/api-contract';
import { DEFAULT_TEMPLATE_LANGUAGE, type Design } from '@thankly/email';
import { ApiError } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { localDraftsFor } from '../editor/autosave/local-drafts.ts';

export interface ImportedTemplate {
  design: Design;
  name: string;
  subject: string;
  preheader: string;
}

/** The unfinished new template the server holds, or null. */
export async function readNewDraft(): Promise<TemplateDraft | null> {
  const { draft } = await callApi('GET /templates/:id/draft', {
    params: { id: NEW_TEMPLATE_DRAFT_KEY },
  });
  return draft;
}

/**
 * Keeps the import as the new-template draft, over `baseRevision` (the draft the seller agreed to
 * replace). If another tab saved meanwhile, the seller already agreed to replace the new
 * template, so the import goes over the newer revision once.
 */
export async function saveImportedDraft(
  sellerId: string,
  imported: ImportedTemplate,
  baseRevision: number,
): Promise<void> {
  const content = {
    ...imported,
    language: DEFAULT_TEMPLATE_LANGUAGE,
    sendConditions: { enabled: false, startDate: '', endDate: '' },
  };
  const save = (revision: number) =>
    callApi('PUT /templates/:id/draft', {
      params: { id: NEW_TEMPLATE_DRAFT_KEY },
      body: { baseRevision: revision, content },
    });
  try {
    await save(baseRevision);
  } catch (error) {
    const newer =
      error instanceof ApiError && error.status === 409 ? conflictRevision(error) : null;
    if (newer === null) throw error;
    await save(newer);
  }
  // A copy of the old new template kept on this device must not win over the import.
  await localDraftsFor(sellerId)
    .delete(NEW_TEMPLATE_DRAFT_KEY)
    .catch(() => undefined);
}

function conflictRevision(error: ApiError): number | null {
  const body = error.body as { draft?: { revision?: unknown } | null } | null;
  const revision = body?.draft?.revision;
  return typeof revision === 'number' ? revision : body?.draft === null ? 0 : null;
}
