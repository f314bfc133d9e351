// /thankly/create[?id=|?starter=]: loads the template, or starts from a starter design of the gallery
// (?starter=, chosen in the New template picker), or from the default one; then the editor.
import { use, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { NEW_TEMPLATE_DRAFT_KEY, type TemplateDraftContent } from '@thankly/api-contract';
import { createDefaultTemplate, designSchema, type Design } from '@thankly/email';
import { useSession } from '../lib/session.ts';
import { draftKeys, useLocalDraft, useServerDraft } from './autosave/draft-queries.ts';
import { localDraftsFor } from './autosave/local-drafts.ts';
import { Container } from '../components/ui/index.ts';
import { LOADING_TEXT } from '../components/require-auth.tsx';
import { PRODUCT_PATH } from '../route-meta.ts';
import { usePaidFeatures, useTemplate } from '../dashboard/templates/template-queries.ts';
import { useBrand, useGallery } from '../brand/brand-queries.ts';
import {
  DEFAULT_EMAIL_SETTINGS,
  conditionsFromServer,
  type TemplateFields,
} from './form/template-form.ts';
import { EDITOR_TITLES } from './editor-header.tsx';
import { TemplateEditor } from './template-editor.tsx';
import type * as BrandKit from '../brand/apply-brand-command.ts';

/**
 * The code that puts a brand on a design (it sanitises the sign-off: about 100 KB), loaded once and
 * only for a new template of a seller with a brand; null if it failed to load (the template then
 * starts unbranded, as it does without a brand).
 */
let branding: Promise<typeof BrandKit | null> | null = null;
function loadBranding() {
  branding ??= import('../brand/apply-brand-command.ts').catch(() => null);
  return branding;
}

function Loading() {
  return (
    <p role="status" className="py-16 text-center text-slate-600">
      {LOADING_TEXT}
    </p>
  );
}

export default function EditorPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const starterId = id ? null : params.get('starter');
  const template = useTemplate(id);
  const gallery = useGallery({ enabled: starterId !== null });
  // The default template wears the seller's brand too; without one (or if it fails to load) it
  // starts as the spec draws it.
  const brand = useBrand({ enabled: !id && !starterId });
  const paid = usePaidFeatures();
  const starter = starterId ? gallery.data?.find((d) => d.id === starterId) : undefined;
  const starterDesign = starter ? designSchema.safeParse(starter.design) : null;
  // Autosave (docs/decisions/019-template-drafts.md): the draft on the server, and a copy on this
  // device that the server may not have yet.
  const draftKey = id ?? NEW_TEMPLATE_DRAFT_KEY;
  const sellerId = useSession().user?.id ?? null;
  const serverDraft = useServerDraft(draftKey, sellerId !== null);
  const localDraft = useLocalDraft(sellerId, draftKey);
  const queryClient = useQueryClient();
  // Bumped when the seller discards the draft or opens a newer one: the editor starts again.
  const [generation, setGeneration] = useState(0);
  const serverRevision = serverDraft.data?.revision ?? 0;
  // This device's copy is newer work only if it was made from the server's current revision; one
  // made from an older revision was sent already, or lost to a newer draft (which wins).
  const unsent =
    localDraft.data && localDraft.data.baseRevision === serverRevision ? localDraft.data : null;
  const staleLocal = localDraft.data && !unsent && serverDraft.isSuccess;
  useEffect(() => {
    if (staleLocal && sellerId) void localDraftsFor(sellerId).delete(draftKey);
  }, [staleLocal, sellerId, draftKey]);

  if (
    paid === null ||
    sellerId === null ||
    serverDraft.isPending ||
    localDraft.isPending ||
    (id && template.isPending) ||
    (starterId && gallery.isPending) ||
    // Only the first load waits: the editor also reads the brand (for the blocks the seller adds),
    // and a later fetch of it must never take the editor off the screen.
    (!id && !starterId && brand.isPending && !brand.isFetched)
  )
    return <Loading />;

  if (
    (id && (template.isError || !template.data)) ||
    (starterId && (!starterDesign || !starterDesign.success))
  ) {
    // Spec section 8: a failed load shows no error message, only a diagnostic.
    console.warn('Template load failed', id ? template.error : (gallery.error ?? starterId));
    return (
      <Container className="py-10">
        <Link to={PRODUCT_PATH} className="text-sm font-medium text-brand-700 underline">
          Back
        </Link>
        <h1 className="mt-4 text-3xl font-bold tracking-tight">
          {id ? EDITOR_TITLES.edit : EDITOR_TITLES.create}
        </h1>
        <p className="mt-6 text-slate-600">
          This template is not available.{' '}
          <Link to={`${PRODUCT_PATH}/create`} className="font-medium text-brand-700 underline">
            Start a new template
          </Link>
        </p>
      </Container>
    );
  }

  let design: Design;
  let fields: TemplateFields;
  // A starter chosen in the picker starts afresh, over an earlier unfinished new template.
  const draft: TemplateDraftContent | null = starter
    ? null
    : (unsent?.content ?? serverDraft.data?.content ?? null);
  const draftDesign = draft ? designSchema.safeParse(draft.design) : null;
  if (draft && draftDesign?.success) {
    design = draftDesign.data;
    fields = {
      name: draft.name,
      subject: draft.subject,
      preheader: draft.preheader,
      language: draft.language,
      sendConditions: draft.sendConditions,
    };
  } else if (id && template.data) {
    const parsed = designSchema.safeParse(template.data.design);
    design = parsed.success ? parsed.data : createDefaultTemplate().design;
    fields = {
      name: template.data.name,
      subject: template.data.subject,
      preheader: template.data.preheader ?? DEFAULT_EMAIL_SETTINGS.preheader,
      language: template.data.language ?? DEFAULT_EMAIL_SETTINGS.language,
      sendConditions: conditionsFromServer(template.data.sendConditions),
    };
  } else if (starter && starterDesign?.success) {
    // A new template from a starter design: unsaved until the seller saves it.
    design = starterDesign.data;
    fields = {
      name: starter.name,
      subject: starter.subject,
      ...DEFAULT_EMAIL_SETTINGS,
      sendConditions: conditionsFromServer(undefined),
    };
  } else {
    const fresh = createDefaultTemplate();
    // `use` suspends until the branding code is there (the page shows Loading… meanwhile).
    const brandKit = brand.data ? use(loadBranding()) : null;
    design = brand.data && brandKit ? brandKit.applyBrand(fresh.design, brand.data) : fresh.design;
    fields = {
      name: fresh.name,
      subject: fresh.subject,
      ...DEFAULT_EMAIL_SETTINGS,
      sendConditions: conditionsFromServer(undefined),
    };
  }
  const openedFrom = draft && draftDesign?.success ? (unsent ? 'device' : 'server') : null;
  /** Back to the published template (or a fresh one): the draft is gone on both sides. */
  function showWithoutDraft() {
    queryClient.setQueryData(draftKeys.server(draftKey), null);
    queryClient.setQueryData(draftKeys.local(sellerId ?? '', draftKey), null);
    setGeneration((g) => g + 1);
  }
  return (
    <TemplateEditor
      key={`${id ?? (starter ? `starter:${starter.id}` : 'new')}:${generation}`}
      templateId={id}
      draftKey={draftKey}
      sellerId={sellerId}
      draftRevision={serverRevision}
      openedFrom={openedFrom}
      initialDesign={design}
      initialFields={fields}
      conditionalAvailable={paid}
      onDraftDiscarded={showWithoutDraft}
      onOpenNewerDraft={(newer) => {
        void localDraftsFor(sellerId).delete(draftKey);
        queryClient.setQueryData(draftKeys.local(sellerId, draftKey), null);
        queryClient.setQueryData(draftKeys.server(draftKey), newer);
        setGeneration((g) => g + 1);
      }}
    />
  );
}
