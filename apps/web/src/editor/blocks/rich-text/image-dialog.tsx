// The image dialog: address, width, height (digits only) and alt text. Empty address closes it. The
// toolbar decides where the image goes from its width (see image-placement.ts).
import { useId, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/index.ts';
import { ImageUploadField } from '../../../media/image-upload-field.tsx';
import { digitsOnly } from './image-placement.ts';
import { normalizeImageUrl } from './link-url.ts';
import { DialogActions, DialogError, ToolbarDialog, type CloseTo } from './toolbar-dialog.tsx';

export interface ImageInput {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

export const IMAGE_URL_ERROR = 'Use the image’s web address, starting with https://.';

export function ImageDialog({
  onInsert,
  onClose,
}: {
  onInsert: (image: ImageInput) => void;
  onClose: (returnTo: CloseTo) => void;
}) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [width, setWidth] = useState('');
  const [height, setHeight] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!url.trim()) {
      onClose('text');
      return;
    }
    const src = normalizeImageUrl(url);
    if (!src) {
      setError(IMAGE_URL_ERROR);
      return;
    }
    onInsert({
      src,
      alt: alt.trim(),
      width: width ? Number(width) : null,
      height: height ? Number(height) : null,
    });
  }

  return (
    <ToolbarDialog
      label="Insert image"
      onSubmit={submit}
      onClose={onClose}
      className="grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,2fr)_5rem_5rem_minmax(0,1.5fr)_auto] sm:items-end"
    >
      <div className="col-span-full">
        <ImageUploadField
          label="Image"
          value={url}
          onChoose={(media) => {
            setUrl(media.url);
            setWidth(String(media.width));
            setHeight(String(media.height));
            setError(null);
          }}
        />
      </div>
      <TextField
        label="Image URL"
        className="col-span-2 sm:col-span-1"
        type="text"
        inputMode="url"
        autoFocus
        value={url}
        placeholder="https://…/picture.png"
        // The refusal sits under the whole grid (DialogError), not under the field.
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setUrl(e.target.value);
          setError(null);
        }}
      />
      <TextField
        label="Width"
        inputMode="numeric"
        pattern="[0-9]*"
        value={width}
        placeholder="px"
        onChange={(e) => setWidth(digitsOnly(e.target.value))}
      />
      <TextField
        label="Height"
        inputMode="numeric"
        pattern="[0-9]*"
        value={height}
        placeholder="px"
        onChange={(e) => setHeight(digitsOnly(e.target.value))}
      />
      <TextField
        label="Alt text"
        className="col-span-2 sm:col-span-1"
        value={alt}
        maxLength={500}
        onChange={(e) => setAlt(e.target.value)}
      />
      <DialogActions
        submitLabel="Insert"
        onCancel={() => onClose('button')}
        className="col-span-2 sm:col-span-1"
      />
      <p className="col-span-full text-xs text-slate-500">
        Up to 1.8× the text size it sits in the line; larger, it becomes an image block below.
      </p>
      <DialogError id={`${id}-error`} error={error} className="col-span-full" />
    </ToolbarDialog>
  );
}
