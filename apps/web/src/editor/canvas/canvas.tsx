// The editable canvas inside the preview frame: the backdrop, the 600px canvas with the global
// style, and the blocks with the insertion points between them.
import type { CSSProperties } from 'react';
import type { GlobalStyle } from '@thankly/email';
import { CANVAS_WIDTH_PX, SIDE_GUTTER_PX } from '@thankly/email';
import { ROOT } from '../model/tree.ts';
import { selectDesign, useEditor, useEditorActions } from '../store/use-editor.ts';
import { BlockList } from './block-list.tsx';
import { BlockPicker } from './block-picker.tsx';
import { dragHasFiles, imageFileOf } from '../../media/upload-image.ts';
import { useCanvasUpload } from './canvas-upload.tsx';
import { currentDrag, stopDragging } from './drag-state.ts';

function hasColor(color: string) {
  return color !== '' && color !== 'transparent';
}

export function backdropStyle(global: GlobalStyle): CSSProperties {
  const image = global.enableBackdropImage && global.backdropImage.trim();
  return {
    backgroundColor: global.backdropColor || undefined,
    backgroundImage: image ? `url("${global.backdropImage.replace(/["\\]/g, '')}")` : undefined,
    backgroundSize: 'cover',
    backgroundPosition: 'center top',
    // The email's backdrop cell: the canvas's vertical margin and the side gutter are padding in
    // the backdrop's colour. (As a margin on the canvas, the top and bottom ones fell through the
    // backdrop and showed the frame's white around a beige email.)
    padding: `${global.canvasYMargin}px ${SIDE_GUTTER_PX}px`,
  };
}

export function canvasStyle(global: GlobalStyle): CSSProperties {
  const gradient = hasColor(global.canvasGradientc1) && hasColor(global.canvasGradientc2);
  return {
    maxWidth: CANVAS_WIDTH_PX,
    margin: '0 auto',
    backgroundColor: global.canvasColor || undefined,
    backgroundImage: gradient
      ? `linear-gradient(${global.canvasGradientDir}, ${global.canvasGradientc1}, ${global.canvasGradientc2})`
      : undefined,
    border: global.canvasBorderSwitch ? `1px solid ${global.canvasBorderColor}` : undefined,
    borderRadius: global.canvasRadius,
    fontFamily: global.fontFamily,
    color: global.textColor,
  };
}

export function EditorCanvas() {
  const { global, blocks } = useEditor(selectDesign);
  const actions = useEditorActions();
  const upload = useCanvasUpload();
  return (
    <div style={backdropStyle(global)} className="min-h-[420px]" data-testid="editor-backdrop">
      <div
        style={{
          width: `${global.backdropMaxWidth}%`,
          minWidth: `min(100%, ${CANVAS_WIDTH_PX}px)`,
        }}
        className="mx-auto"
      >
        <div
          style={canvasStyle(global)}
          data-testid="editor-canvas"
          // Its own stacking layer: the blocks' z-indexes order them among themselves and never lift
          // a block over the sticky page header or text toolbar.
          className="relative isolate"
          aria-label="Email canvas"
          role="region"
        >
          {blocks.length > 0 ? (
            <BlockList blocks={blocks} list={ROOT} global={global} />
          ) : (
            <div
              onDragOver={(e) => {
                if (currentDrag() || (upload && dragHasFiles(e.dataTransfer))) e.preventDefault();
              }}
              onDrop={(e) => {
                const id = currentDrag();
                const file = id ? null : imageFileOf(e.dataTransfer);
                if (file && upload) {
                  e.preventDefault();
                  upload.uploadInto(file, { list: ROOT, position: 'end' });
                  return;
                }
                if (!id) return;
                e.preventDefault();
                stopDragging();
                actions.move(id, { list: ROOT, position: 'end' });
              }}
              className="flex min-h-60 flex-col items-center justify-center gap-3 border-2 border-dashed border-slate-300 p-8 text-center"
            >
              <p className="text-sm font-medium text-slate-500">Empty</p>
              <BlockPicker
                at={{ list: ROOT, position: 'end' }}
                label="Add block"
                buttonText="Add block"
              />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
