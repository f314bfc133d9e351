// The image dialog: address, width, height (digits only) and alt text. Empty address closes it. The
// toolbar decides where the image goes from its width (see image-placement.ts).
import { useId, useState, type FormEvent } from 'react';
import { ImageUploadField } from '../../../media/image-upload-field.tsx';
import { digitsOnly } from './image-placement.ts';
import { normalizeImageUrl } from './link-url.ts';
import { dialogButton, onDialogKeyDown, primaryButton } from './link-dialog.tsx';

export interface ImageInput {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

export const IMAGE_URL_ERROR = 'Use the image’s web address, starting with https://.';

const input =
  'focus-ring block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm';

function Field({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className="block text-xs font-semibold text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

export function ImageDialog({
  onInsert,
  onClose,
}: {
  onInsert: (image: ImageInput) => void;
  onClose: (returnTo: 'text' | 'button') => void;
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
    <form
      role="dialog"
      aria-label="Insert image"
      // Ctrl+Z in these fields undoes typing in them, not the design.
      data-native-undo
      onSubmit={submit}
      onKeyDown={(e) => onDialogKeyDown(e, () => onClose('button'))}
      className="mt-2 grid grid-cols-2 gap-2 border-t border-slate-200 pt-2 sm:grid-cols-[minmax(0,2fr)_5rem_5rem_minmax(0,1.5fr)_auto] sm:items-end"
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
      <Field id={`${id}-url`} label="Image URL" className="col-span-2 sm:col-span-1">
        <input
          id={`${id}-url`}
          type="text"
          inputMode="url"
          autoFocus
          value={url}
          placeholder="https://…/picture.png"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setUrl(e.target.value);
            setError(null);
          }}
          className={input}
        />
      </Field>
      <Field id={`${id}-width`} label="Width" className="">
        <input
          id={`${id}-width`}
          inputMode="numeric"
          pattern="[0-9]*"
          value={width}
          placeholder="px"
          onChange={(e) => setWidth(digitsOnly(e.target.value))}
          className={input}
        />
      </Field>
      <Field id={`${id}-height`} label="Height" className="">
        <input
          id={`${id}-height`}
          inputMode="numeric"
          pattern="[0-9]*"
          value={height}
          placeholder="px"
          onChange={(e) => setHeight(digitsOnly(e.target.value))}
          className={input}
        />
      </Field>
      <Field id={`${id}-alt`} label="Alt text" className="col-span-2 sm:col-span-1">
        <input
          id={`${id}-alt`}
          value={alt}
          maxLength={500}
          onChange={(e) => setAlt(e.target.value)}
          className={input}
        />
      </Field>
      <div className="col-span-2 flex gap-2 sm:col-span-1">
        <button type="submit" className={primaryButton}>
          Insert
        </button>
        <button type="button" onClick={() => onClose('button')} className={dialogButton}>
          Cancel
        </button>
      </div>
      <p className="col-span-full text-xs text-slate-500">
        Up to 1.8× the text size it sits in the line; larger, it becomes an image block below.
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="col-span-full text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
