// The editor screen: header, modes, template fields, conditional sending, canvas or HTML preview,
// and the inspector. The design lives in one store; the template's own fields in local state.
import { useDeferredValue, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Design } from '@thankly/email';
import { Button, TextField } from '../components/ui/index.ts';
import { ApiError, api } from '../lib/api.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { toast } from '../lib/toast.ts';
import { UPGRADE_LABEL, UPGRADE_PATH } from '../components/app-shell/app-nav.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { refreshTemplates } from '../dashboard/templates/template-queries.ts';
import { EditorCanvas } from './canvas/canvas.tsx';
import { CanvasUploadProvider, CanvasUploadStatus } from './canvas/canvas-upload.tsx';
import { RichTextToolbar } from './blocks/rich-text/rich-text-toolbar.tsx';
import { preloadRichTextEngineWhenIdle } from './blocks/rich-text/rich-text-engine.ts';
import { DeliverabilityCheckButton } from './deliverability-check/deliverability-check.tsx';
import { ConditionalPanel } from './form/conditional-panel.tsx';
import { EmailSettingsFields } from './form/email-settings-fields.tsx';
import { EmptyTokensWarning } from './form/empty-tokens-warning.tsx';
import {
  buildPayload,
  unknownTokensIn,
  validateTemplate,
  type FieldError,
  type TemplateFields,
} from './form/template-form.ts';
import { TokensPopover } from './form/tokens-popover.tsx';
import { useLeaveGuard } from './form/use-leave-guard.ts';
import { InspectorSheet } from './inspector/inspector-sheet.tsx';
import { useEditorShortcuts } from './keyboard/use-editor-shortcuts.ts';
import { HtmlPreview } from './preview/html-preview.tsx';
import { PreviewFrame } from './preview/preview-frame.tsx';
import { DEVICE_WIDTHS, type Device, type Theme, type ViewMode } from './preview/preview-modes.ts';
import { createEditorStore, type EditorStore } from './store/editor-store.ts';
import {
  EditorStoreContext,
  selectCanRedo,
  selectCanUndo,
  selectDesign,
  useEditor,
  useEditorActions,
} from './store/use-editor.ts';

export const SAVE_MESSAGES = {
  created: 'Template created!',
  updated: 'Template updated sucessfully!',
  failed: 'Could not save template.',
} as const;

interface TemplateEditorProps {
  templateId: string | null;
  initialDesign: Design;
  initialFields: TemplateFields;
  conditionalAvailable: boolean;
}

export function TemplateEditor(props: TemplateEditorProps) {
  const [store] = useState<EditorStore>(() => createEditorStore(props.initialDesign));
  // The canvas paints without the rich-text engine; fetch it while the seller looks, before a click.
  useEffect(() => preloadRichTextEngineWhenIdle(), []);
  return (
    <EditorStoreContext value={store}>
      <CanvasUploadProvider store={store}>
        <EditorScreen {...props} store={store} />
      </CanvasUploadProvider>
    </EditorStoreContext>
  );
}

function Toggle<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5"
    >
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={`focus-ring rounded-md px-3 py-1.5 text-sm font-medium ${
            value === o.value ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'
          }`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

function UndoRedo() {
  const canUndo = useEditor(selectCanUndo);
  const canRedo = useEditor(selectCanRedo);
  const actions = useEditorActions();
  const cls =
    'focus-ring rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-40';
  return (
    <div className="inline-flex gap-1" data-keep-selection>
      <button
        type="button"
        onClick={actions.undo}
        disabled={!canUndo}
        className={cls}
        title="Undo (Ctrl/Cmd+Z)"
      >
        Undo
      </button>
      <button
        type="button"
        onClick={actions.redo}
        disabled={!canRedo}
        className={cls}
        title="Redo (Shift+Ctrl/Cmd+Z)"
      >
        Redo
      </button>
    </div>
  );
}

function UnknownTokensWarning({ subject, preheader }: { subject: string; preheader: string }) {
  const design = useDeferredValue(useEditor(selectDesign));
  const unknown = useMemo(
    () => unknownTokensIn(subject, design, preheader),
    [subject, design, preheader],
  );
  if (unknown.length === 0) return null;
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      {unknown.length === 1 ? 'This is not a token we know' : 'These are not tokens we know'}:{' '}
      <strong>{unknown.join(', ')}</strong>. It will be sent as written; see Show tokens for the
      list.
    </p>
  );
}

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="min-w-0">
      {children}
    </section>
  );
}

function EditorScreen({
  templateId,
  initialDesign,
  initialFields,
  conditionalAvailable,
  store,
}: TemplateEditorProps & { store: EditorStore }) {
  useEditorShortcuts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(initialFields);
  const [saved, setSaved] = useState({ design: initialDesign, fields: initialFields });
  const [error, setError] = useState<FieldError | null>(null);
  const [saving, setSaving] = useState(false);
  const [device, setDevice] = useState<Device>('desktop');
  const [theme, setTheme] = useState<Theme>('light');
  const [mode, setMode] = useState<ViewMode>('editor');
  const [showInspector, setShowInspector] = useState(false);
  const [invalidFocusRef, focusFirstInvalid] = useFocusFirstInvalid<HTMLDivElement>();
  const inspectorId = useId();

  const designChanged = useEditor((s) => store.unamended(s.design) !== saved.design);
  const isDirty = designChanged || JSON.stringify(fields) !== JSON.stringify(saved.fields);
  useLeaveGuard(isDirty && !saving);

  function change(patch: Partial<TemplateFields>) {
    setFields((f) => ({ ...f, ...patch }));
    setError(null);
  }

  async function save() {
    const problem = validateTemplate(fields, { conditionalAvailable });
    setError(problem);
    if (problem) {
      focusFirstInvalid();
      return;
    }
    setSaving(true);
    const design = store.getState().design;
    try {
      const payload = buildPayload(fields, design, { conditionalAvailable });
      if (templateId) await api.put(`/templates/${encodeURIComponent(templateId)}`, payload);
      else await api.post('/templates', payload);
      setSaved({ design, fields });
      toast.success(templateId ? SAVE_MESSAGES.updated : SAVE_MESSAGES.created);
      void refreshTemplates(queryClient);
      navigate(PRODUCT_PATH);
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

  const dateError =
    error && (error.field === 'startDate' || error.field === 'endDate') ? error : null;

  return (
    <div ref={invalidFocusRef} className="mx-auto w-full max-w-[1500px] px-3 py-6 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Link
            to={PRODUCT_PATH}
            className="focus-ring text-sm font-medium text-brand-700 underline"
          >
            ← Back
          </Link>
          <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Create template</h1>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {isDirty ? <span className="text-xs text-slate-500">Unsaved changes</span> : null}
          <DeliverabilityCheckButton
            input={() => ({
              design: store.getState().design,
              // As sending does: the template's name stands in for a missing subject.
              subject: fields.subject.trim() || fields.name.trim(),
              preheader: fields.preheader.trim(),
              language: fields.language,
            })}
          />
          <Button onClick={save} disabled={saving} data-keep-selection>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </header>

      <div
        className="mt-5 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto] sm:items-end"
        data-native-undo
      >
        <TextField
          label="Template Name"
          value={fields.name}
          maxLength={120}
          error={error?.field === 'name' ? error.message : null}
          onChange={(e) => change({ name: e.target.value })}
        />
        <TextField
          label="Email Subject"
          value={fields.subject}
          maxLength={300}
          onChange={(e) => change({ subject: e.target.value })}
        />
        <TokensPopover />
      </div>
      <div className="mt-3 space-y-3">
        <div data-native-undo>
          <EmailSettingsFields
            value={fields}
            error={error?.field === 'preheader' ? error.message : null}
            onChange={change}
          />
        </div>
        <UnknownTokensWarning subject={fields.subject} preheader={fields.preheader} />
        <EmptyTokensWarning subject={fields.subject} preheader={fields.preheader} />
        {conditionalAvailable ? (
          <ConditionalPanel
            value={fields.sendConditions}
            onChange={(sendConditions) => change({ sendConditions })}
            errorField={dateError ? (dateError.field as 'startDate' | 'endDate') : null}
            error={dateError?.message ?? null}
          />
        ) : null}
      </div>

      <div
        className="mt-5 flex flex-wrap items-center gap-2"
        role="toolbar"
        aria-label="Editor modes"
      >
        <Toggle
          label="Preview width"
          value={device}
          options={[
            { value: 'desktop', label: 'Desktop' },
            { value: 'mobile', label: 'Mobile' },
          ]}
          onChange={setDevice}
        />
        <Toggle
          label="Color scheme"
          value={theme}
          options={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ]}
          onChange={setTheme}
        />
        <Toggle
          label="View"
          value={mode}
          options={[
            { value: 'editor', label: 'Editor' },
            { value: 'html', label: 'Preview HTML' },
          ]}
          onChange={setMode}
        />
        <UndoRedo />
        <button
          type="button"
          aria-expanded={showInspector}
          aria-controls={inspectorId}
          onClick={() => setShowInspector((v) => !v)}
          className="focus-ring rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 lg:hidden"
          data-keep-selection
        >
          {showInspector ? 'Hide inspector' : 'Show inspector'}
        </button>
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <Section label="Email preview">
          <CanvasUploadStatus />
          {mode === 'editor' ? <RichTextToolbar /> : null}
          <PreviewFrame device={device} theme={theme}>
            {mode === 'editor' ? (
              <EditorCanvas />
            ) : (
              <HtmlPreview
                title={fields.subject.trim() || fields.name.trim()}
                preheader={fields.preheader}
                language={fields.language}
                width={DEVICE_WIDTHS[device]}
              />
            )}
          </PreviewFrame>
        </Section>
        <InspectorSheet
          id={inspectorId}
          open={showInspector}
          onOpen={() => setShowInspector(true)}
          onClose={() => setShowInspector(false)}
        />
      </div>
    </div>
  );
}
