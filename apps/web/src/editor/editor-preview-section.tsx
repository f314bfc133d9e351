import { EditorCanvas } from './canvas/canvas.tsx';
import { CanvasUploadStatus } from './canvas/canvas-upload.tsx';
import { RichTextToolbar } from './blocks/rich-text/rich-text-toolbar.tsx';
import type { EditorModes } from './editor-modes-toolbar.tsx';
import type { TemplateFields } from './form/template-form.ts';
import { HtmlPreview } from './preview/html-preview.tsx';
import { PreviewFrame } from './preview/preview-frame.tsx';
import { DEVICE_WIDTHS } from './preview/preview-modes.ts';

/** The email at the chosen width and theme: the editable canvas, or the Preview HTML. */
export function EditorPreviewSection({
  modes,
  fields,
}: {
  modes: EditorModes;
  fields: Pick<TemplateFields, 'subject' | 'name' | 'preheader' | 'language'>;
}) {
  return (
    <section aria-label="Email preview" className="min-w-0">
      <CanvasUploadStatus />
      {modes.mode === 'editor' ? <RichTextToolbar /> : null}
      <PreviewFrame device={modes.device} theme={modes.theme}>
        {modes.mode === 'editor' ? (
          <EditorCanvas />
        ) : (
          <HtmlPreview
            title={fields.subject.trim() || fields.name.trim()}
            preheader={fields.preheader}
            language={fields.language}
            width={DEVICE_WIDTHS[modes.device]}
          />
        )}
      </PreviewFrame>
    </section>
  );
}
