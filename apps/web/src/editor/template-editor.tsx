// The editor screen: header, modes, template fields, conditional sending, canvas or HTML preview,
// and the inspector. The design lives in one store; the template's own fields in local state.
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import type { LinkWarning, TemplateDraft } from '@thankly/api-contract';
import type { Design } from '@thankly/email';
import type { ImageFactsLookup } from '@thankly/email/editor-checks';
import { useMediaLibrary } from '../media/media-queries.ts';
import { jumpToTarget } from './checks/jump-to-target.ts';
import { useEditorChecks, type SentSizeBaseline } from './checks/use-editor-checks.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { CanvasUploadProvider } from './canvas/canvas-upload.tsx';
import { preloadRichTextEngineWhenIdle } from './blocks/rich-text/rich-text-engine.ts';
import { EditorHeader } from './editor-header.tsx';
import { EditorModesToolbar, type EditorModes } from './editor-modes-toolbar.tsx';
import { EditorPreviewSection } from './editor-preview-section.tsx';
import { TemplateFieldsSection } from './form/template-fields-section.tsx';
import type { FieldError, TemplateFields } from './form/template-form.ts';
import { useLeaveGuard } from './form/use-leave-guard.ts';
import { initialLinkWarnings, LinkWarnings } from './form/link-warnings.tsx';
import { useSaveTemplate } from './form/use-save-template.ts';
import { useSendTest } from './form/use-send-test.ts';
import {
  focusInspectorToggle,
  InspectorSheet,
  inspectorIsSheet,
} from './inspector/inspector-sheet.tsx';
import { useEditorShortcuts } from './keyboard/use-editor-shortcuts.ts';
import { createEditorStore, type EditorStore } from './store/editor-store.ts';
import { EditorBrandContext, EditorStoreContext, useEditor } from './store/use-editor.ts';
import { useBrand } from '../brand/brand-queries.ts';
import { DraftNotices } from './autosave/draft-notices.tsx';

// Its code, like the rules', loads when the seller first opens it.
const ChecksPanel = lazy(() => import('./checks/checks-panel.tsx'));
import { useAutosave } from './autosave/use-autosave.ts';

interface TemplateEditorProps {
  templateId: string | null;
  /** The draft autosave keeps: the template's id, or `new`. */
  draftKey: string;
  sellerId: string;
  /** The server's draft revision when the editor opened (0: none). */
  draftRevision: number;
  /** Where the content shown came from, when it is not the published template. */
  openedFrom: 'server' | 'device' | null;
  onDraftDiscarded: () => void;
  onOpenNewerDraft: (draft: TemplateDraft | null) => void;
  initialDesign: Design;
  initialFields: TemplateFields;
  conditionalAvailable: boolean;
}

export function TemplateEditor(props: TemplateEditorProps) {
  const [store] = useState<EditorStore>(() => createEditorStore(props.initialDesign));
  // The canvas paints without the rich-text engine; fetch it while the seller looks, before a click.
  useEffect(() => preloadRichTextEngineWhenIdle(), []);
  // Blocks the seller adds wear their brand kit; until it loads (or if it cannot), the defaults.
  const brand = useBrand();
  return (
    <EditorStoreContext value={store}>
      <EditorBrandContext value={brand.data ?? null}>
        <CanvasUploadProvider store={store}>
          <EditorScreen {...props} store={store} />
        </CanvasUploadProvider>
      </EditorBrandContext>
    </EditorStoreContext>
  );
}

function EditorScreen({
  templateId,
  draftKey,
  sellerId,
  draftRevision,
  openedFrom,
  onDraftDiscarded,
  onOpenNewerDraft,
  initialDesign,
  initialFields,
  conditionalAvailable,
  store,
}: TemplateEditorProps & { store: EditorStore }) {
  const [fields, setFields] = useState(initialFields);
  // What buyers get. Opened from a draft, that is not what the editor shows: changes not yet live.
  const [saved, setSaved] = useState<{ design: Design | null; fields: TemplateFields | null }>({
    design: openedFrom ? null : initialDesign,
    fields: openedFrom ? null : initialFields,
  });
  const autosave = useAutosave({
    draftKey,
    sellerId,
    revision: draftRevision,
    store,
    fields,
    sendNow: openedFrom === 'device',
  });
  const [error, setError] = useState<FieldError | null>(null);
  const [modes, setModes] = useState<EditorModes>({
    device: 'desktop',
    theme: 'light',
    mode: 'editor',
  });
  const [showInspector, setShowInspector] = useState(false);
  const [invalidFocusRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLDivElement>();
  const inspectorId = useId();
  const closeInspector = () => {
    setShowInspector(false);
    focusInspectorToggle(inspectorId);
  };
  // On a phone, Escape closes the open inspector sheet (keeping the block selected), wherever focus
  // is: a tap into the canvas above it takes focus out of the sheet.
  useEditorShortcuts(() => {
    if (!showInspector || !inspectorIsSheet()) return false;
    closeInspector();
    return true;
  });
  const onInvalid = (problem: FieldError | null) => {
    setError(problem);
    if (problem) focusFirstInvalid();
  };
  const location = useLocation();
  const [linkWarnings, setLinkWarnings] = useState<LinkWarning[]>(() =>
    initialLinkWarnings(location.state),
  );
  const { save, saving } = useSaveTemplate({
    templateId,
    conditionalAvailable,
    store,
    fields,
    onInvalid,
    onSaved: setSaved,
    onLinkWarnings: setLinkWarnings,
    autosaver: autosave.autosaver,
  });
  const { sendTest, sending } = useSendTest({ store, fields, conditionalAvailable, onInvalid });

  const [checksOpen, setChecksOpen] = useState(false);
  const checksId = useId();
  const [sentSize, setSentSize] = useState<SentSizeBaseline | null>(null);
  // What the media library knows of uploaded pictures (bytes, px), once the panel has asked.
  const media = useMediaLibrary({ enabled: checksOpen });
  const images = useMemo<ImageFactsLookup>(() => {
    const byUrl = new Map((media.data?.media ?? []).map((item) => [item.url, item]));
    return (src) => byUrl.get(src);
  }, [media.data]);
  const checks = useEditorChecks({ store, fields, images, baseline: sentSize });
  const checkInput = useCallback(
    () => ({
      design: store.getState().design,
      // As sending does: the template's name stands in for a missing subject.
      subject: fields.subject.trim() || fields.name.trim(),
      preheader: fields.preheader.trim(),
      language: fields.language,
    }),
    [store, fields],
  );

  const designChanged = useEditor((s) => store.unamended(s.design) !== saved.design);
  const isDirty = designChanged || JSON.stringify(fields) !== JSON.stringify(saved.fields);
  // Autosave keeps every change; only one not yet kept (here or on the server) is worth a question.
  const unkept = ['saving', 'failed', 'conflict'].includes(autosave.state.status);
  useLeaveGuard(unkept && !saving);

  function change(patch: Partial<TemplateFields>) {
    setFields((f) => ({ ...f, ...patch }));
    setError(null);
  }

  return (
    <div ref={invalidFocusRef} className="mx-auto w-full max-w-[1500px] px-3 py-6 sm:px-6">
      <EditorHeader
        isNew={templateId === null}
        isDirty={isDirty}
        saving={saving}
        onSave={save}
        autosave={autosave.state}
        sendingTest={sending}
        onSendTest={sendTest}
        checks={{
          count: checks.checks?.items.length ?? null,
          open: checksOpen,
          panelId: checksId,
          onToggle: () => setChecksOpen((open) => !open),
        }}
      />
      <DraftNotices
        isNew={templateId === null}
        draftKey={draftKey}
        openedFrom={openedFrom}
        autosave={autosave}
        onDiscarded={onDraftDiscarded}
        onOpenNewer={onOpenNewerDraft}
      />
      <LinkWarnings
        warnings={linkWarnings}
        onFixed={(fixed) => setLinkWarnings((all) => all.filter((w) => w !== fixed))}
      />
      <TemplateFieldsSection
        templateId={templateId}
        fields={fields}
        error={error}
        conditionalAvailable={conditionalAvailable}
        onChange={change}
      />
      <EditorModesToolbar
        modes={modes}
        onChange={(patch) => setModes((m) => ({ ...m, ...patch }))}
        inspectorId={inspectorId}
        showInspector={showInspector}
        onToggleInspector={() => setShowInspector((v) => !v)}
      />
      {checksOpen ? (
        <Suspense fallback={null}>
          <ChecksPanel
            id={checksId}
            checks={checks.checks}
            revision={checks.revision}
            currentRevision={checks.currentRevision}
            baseline={sentSize}
            onBaseline={setSentSize}
            input={checkInput}
            onJump={(target) =>
              jumpToTarget(target, {
                select: (id) => store.select(id),
                showCanvas: () =>
                  setModes((m) => (m.mode === 'editor' ? m : { ...m, mode: 'editor' })),
              })
            }
            onClose={() => {
              setChecksOpen(false);
              // Back to the button that opened it, as a dialog would.
              document.querySelector<HTMLElement>(`[aria-controls="${checksId}"]`)?.focus();
            }}
          />
        </Suspense>
      ) : null}
      <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <EditorPreviewSection modes={modes} fields={fields} />
        <InspectorSheet
          id={inspectorId}
          open={showInspector}
          onOpen={() => setShowInspector(true)}
          onClose={closeInspector}
        />
      </div>
    </div>
  );
}
