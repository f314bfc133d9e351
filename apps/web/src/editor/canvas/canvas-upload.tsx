// Pictures dropped onto the canvas or pasted into the editor: uploaded to the seller's images, then
// placed as an image block where they landed (or into the empty image block they landed on). One
// upload at a time, its progress and any refusal shown above the canvas.
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { createBlock, type Block } from '@thankly/email';
import type { Media } from '@thankly/api-contract';
import { useImageUpload, type UploadState } from '../../media/media-queries.ts';
import { imageFileOf } from '../../media/upload-image.ts';
import { UploadProgress } from '../../media/upload-progress.tsx';
import { updateBlock, type InsertTarget } from '../model/commands.ts';
import { ROOT, findBlock } from '../model/tree.ts';
import type { EditorStore } from '../store/editor-store.ts';
import { createActions } from '../store/use-editor.ts';

/** Where an uploaded picture goes: into an image block that has none yet, or a new block. */
export type UploadTarget = { fill: string } | InsertTarget;

interface CanvasUpload {
  uploadInto(file: File, target: UploadTarget): void;
}

const CanvasUploadContext = createContext<CanvasUpload | null>(null);
const CanvasUploadStatusContext = createContext<{
  state: UploadState;
  dismiss: () => void;
} | null>(null);

/** The canvas's upload, for drop targets; null outside an editor (tests of single blocks). */
export function useCanvasUpload(): CanvasUpload | null {
  return useContext(CanvasUploadContext);
}

/** An image block showing `media`, sized from what the server measured. */
export function imageBlockFor(media: Media): Block {
  return {
    ...createBlock('image'),
    src: media.url,
    naturalWidth: media.width,
    naturalHeight: media.height,
  } as Block;
}

function place(store: EditorStore, media: Media, target: UploadTarget) {
  const actions = createActions(store);
  if ('fill' in target) {
    const found = findBlock(store.getState().design, target.fill);
    if (found?.block.type === 'image' && !found.block.src.trim()) {
      store.endBurst();
      store.run(updateBlock, {
        id: target.fill,
        patch: { src: media.url, naturalWidth: media.width, naturalHeight: media.height },
      });
      store.endBurst();
      store.select(target.fill);
      return;
    }
    actions.insert(imageBlockFor(media), { targetId: target.fill, position: 'below' });
    return;
  }
  actions.insert(imageBlockFor(media), target);
}

/** Where a pasted picture goes: the selected empty image block, below the selected block, or last. */
function pasteTarget(store: EditorStore): UploadTarget {
  const { selectedId } = store.getState();
  if (selectedId) return { fill: selectedId };
  return { list: ROOT, position: 'end' };
}

/** Pastes that the editor takes as pictures: not those into a form field or an upload zone. */
function isEditorPaste(target: EventTarget | null): boolean {
  const element = target instanceof Element ? target : null;
  if (!element) return true;
  if (element.closest('[data-image-drop-zone]')) return false;
  if (element.closest('input, textarea, select')) return false;
  return true;
}

export function CanvasUploadProvider({
  store,
  children,
}: {
  store: EditorStore;
  children: ReactNode;
}) {
  const { state, upload, dismiss } = useImageUpload();
  const uploadRef = useRef(upload);
  useEffect(() => {
    uploadRef.current = upload;
  });
  // Stable for the memoised block frames: it reads the latest upload through the ref.
  const value = useMemo<CanvasUpload>(
    () => ({
      uploadInto(file, target) {
        void uploadRef.current(file).then((uploaded) => {
          if (uploaded) place(store, uploaded.media, target);
        });
      },
    }),
    [store],
  );

  useEffect(() => {
    // Capture: the rich-text editor would otherwise take the paste as (empty) text first.
    function onPaste(event: ClipboardEvent) {
      if (!isEditorPaste(event.target)) return;
      const file = imageFileOf(event.clipboardData);
      if (!file) return;
      event.preventDefault();
      event.stopPropagation();
      value.uploadInto(file, pasteTarget(store));
    }
    document.addEventListener('paste', onPaste, true);
    return () => document.removeEventListener('paste', onPaste, true);
  }, [store, value]);

  const status = useMemo(() => ({ state, dismiss }), [state, dismiss]);
  return (
    <CanvasUploadContext value={value}>
      <CanvasUploadStatusContext value={status}>{children}</CanvasUploadStatusContext>
    </CanvasUploadContext>
  );
}

/** The canvas upload's progress, or why it was refused; nothing while no upload is under way. */
export function CanvasUploadStatus() {
  const status = useContext(CanvasUploadStatusContext);
  if (!status || status.state.status === 'idle') return null;
  return (
    <div className="mb-2" data-keep-selection>
      <UploadProgress state={status.state} onDismiss={status.dismiss} />
    </div>
  );
}
