// Where a seller puts a picture in: upload from the device (button, drop or paste onto the zone),
// or pick one uploaded before. Used by the image block, the text toolbar's image dialog and the
// brand kit's logo, so all three behave the same.
import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { ImagePlus, Images } from 'lucide-react';
import type { Media } from '@thankly/api-contract';
import { MediaLibrary } from './media-library.tsx';
import { useImageUpload } from './media-queries.ts';
import { dragHasFiles, imageFileOf } from './upload-image.ts';
import { UploadProgress } from './upload-progress.tsx';

export const UPLOAD_HINT = 'PNG, JPEG, GIF or WebP, up to 5 MB.';

const smallButton =
  'focus-ring inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

export function ImageUploadField({
  label,
  value,
  onChoose,
}: {
  /** Names the zone and its buttons: "Logo", "Image". */
  label: string;
  /** The address in use now, shown as a thumbnail. */
  value: string;
  /** A stored image was uploaded or picked from the library. */
  onChoose: (media: Media) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { state, upload, dismiss } = useImageUpload();
  const [over, setOver] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const uploading = state.status === 'uploading';

  async function take(file: File | null) {
    if (!file) return;
    const uploaded = await upload(file);
    if (uploaded) onChoose(uploaded.media);
  }

  function onDragOver(event: DragEvent) {
    if (!dragHasFiles(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  }

  function onDrop(event: DragEvent) {
    setOver(false);
    const file = imageFileOf(event.dataTransfer);
    if (!file) return;
    event.preventDefault();
    void take(file);
  }

  function onPaste(event: ClipboardEvent) {
    const file = imageFileOf(event.clipboardData);
    if (!file) return;
    event.preventDefault();
    void take(file);
  }

  return (
    <div className="space-y-2">
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        data-image-drop-zone
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        onPaste={onPaste}
        className={`flex items-center gap-3 rounded-lg border-2 border-dashed p-3 transition-colors ${
          over ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50'
        }`}
      >
        {value.trim() ? (
          <img
            src={value}
            alt=""
            className="h-12 w-12 shrink-0 rounded border border-slate-200 bg-white object-contain"
          />
        ) : (
          <ImagePlus aria-hidden="true" className="size-6 shrink-0 text-slate-400" />
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <p id={`${id}-label`} className="text-xs font-semibold text-slate-700">
            {label}
          </p>
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            Drop or paste a picture here. {UPLOAD_HINT}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={uploading}
              onClick={() => input.current?.click()}
              className={smallButton}
            >
              <ImagePlus aria-hidden="true" className="size-4" />
              Upload {label.toLowerCase()}
            </button>
            <button
              type="button"
              aria-expanded={libraryOpen}
              aria-controls={`${id}-library`}
              onClick={() => setLibraryOpen((open) => !open)}
              className={smallButton}
            >
              <Images aria-hidden="true" className="size-4" />
              Your images
            </button>
          </div>
        </div>
        <input
          ref={input}
          type="file"
          // What the picker offers; the server still decides from the bytes.
          accept="image/png,image/jpeg,image/gif,image/webp"
          aria-label={`${label} file`}
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            // The same file chosen again must fire change again.
            e.target.value = '';
            void take(file);
          }}
        />
      </div>
      <UploadProgress state={state} onDismiss={dismiss} />
      {libraryOpen ? (
        <div id={`${id}-library`}>
          <MediaLibrary
            current={value}
            onChoose={(media) => {
              onChoose(media);
              setLibraryOpen(false);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
