// The seller's uploaded images to pick from, with the storage used of the plan's quota. Deleting an
// image a saved template shows asks first, naming the templates.
import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { Media } from '@thankly/api-contract';
import { messageFor } from '../lib/api.ts';
import { formatBytes, useDeleteMedia, useMediaLibrary } from './media-queries.ts';

const DELETE_FAILED = 'The image could not be deleted. Please try again.';

function StorageMeter({ bytes, quotaBytes }: { bytes: number; quotaBytes: number }) {
  const percent = quotaBytes > 0 ? Math.min(100, Math.round((bytes / quotaBytes) * 100)) : 100;
  const text = `${formatBytes(bytes)} of ${formatBytes(quotaBytes)} used`;
  const tone = percent >= 95 ? 'bg-red-600' : percent >= 80 ? 'bg-amber-500' : 'bg-brand-600';
  return (
    <div className="space-y-1">
      <p className="text-xs text-slate-600">Image storage: {text}</p>
      <div
        role="meter"
        aria-label="Image storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-1.5 overflow-hidden rounded-full bg-slate-200"
      >
        {/* At least a sliver, so a little use still shows. */}
        <div className={`h-full ${tone}`} style={{ width: `${Math.max(percent, 1)}%` }} />
      </div>
    </div>
  );
}

function ConfirmDelete({
  media,
  usedIn,
  onDone,
}: {
  media: Media;
  usedIn: Media['usedIn'];
  onDone: () => void;
}) {
  const remove = useDeleteMedia();
  const names = usedIn.map((t) => `“${t.name}”`).join(', ');
  return (
    <div
      role="alert"
      className="col-span-full space-y-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-950"
    >
      <p>
        <strong>{media.fileName}</strong> is used in {names}. Deleted, it disappears from those
        emails.
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ id: media.id, force: true }, { onSuccess: onDone })}
          className="focus-ring rounded-md bg-red-600 px-2.5 py-1 font-semibold text-white hover:bg-red-700"
        >
          Delete anyway
        </button>
        <button
          type="button"
          onClick={onDone}
          className="focus-ring rounded-md border border-slate-300 bg-white px-2.5 py-1 font-semibold text-slate-800"
        >
          Keep it
        </button>
      </div>
      {remove.isError ? <p>{messageFor(remove.error, DELETE_FAILED)}</p> : null}
    </div>
  );
}

export function MediaLibrary({
  current,
  onChoose,
}: {
  current: string;
  onChoose: (media: Media) => void;
}) {
  const library = useMediaLibrary();
  const remove = useDeleteMedia();
  const [confirming, setConfirming] = useState<{ media: Media; usedIn: Media['usedIn'] } | null>(
    null,
  );

  if (library.isPending) {
    return (
      <p role="status" className="text-xs text-slate-500">
        Loading your images…
      </p>
    );
  }
  if (library.isError) {
    return (
      <p role="alert" className="text-xs text-red-700">
        {messageFor(library.error, 'Your images could not be loaded. Please try again.')}
      </p>
    );
  }
  const { media, usage } = library.data;
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-2">
      {media.length === 0 ? (
        <p className="text-xs text-slate-500">
          No images yet. Upload one above: it is kept here for your other emails.
        </p>
      ) : (
        <ul aria-label="Your images" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {media.map((item) => (
            <li key={item.id} className="relative">
              <button
                type="button"
                aria-label={`Use ${item.fileName}`}
                aria-pressed={item.url === current}
                title={`${item.fileName}, ${item.width}×${item.height}`}
                onClick={() => onChoose(item)}
                className={`focus-ring block aspect-square w-full overflow-hidden rounded border bg-slate-50 ${
                  item.url === current
                    ? 'border-brand-600 ring-2 ring-brand-600'
                    : 'border-slate-200'
                }`}
              >
                <img src={item.url} alt="" className="h-full w-full object-contain" />
              </button>
              <button
                type="button"
                aria-label={`Delete ${item.fileName}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    { id: item.id, force: false },
                    {
                      onSuccess: (outcome) => {
                        if (!outcome.deleted)
                          setConfirming({ media: item, usedIn: outcome.usedIn });
                      },
                    },
                  )
                }
                className="focus-ring absolute top-0.5 right-0.5 rounded bg-white/90 p-0.5 text-red-700 shadow hover:bg-red-50"
              >
                <Trash2 aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
          {confirming ? (
            <li className="col-span-full">
              <ConfirmDelete
                media={confirming.media}
                usedIn={confirming.usedIn}
                onDone={() => setConfirming(null)}
              />
            </li>
          ) : null}
        </ul>
      )}
      {remove.isError ? (
        <p role="alert" className="text-xs text-red-700">
          {messageFor(remove.error, DELETE_FAILED)}
        </p>
      ) : null}
      <StorageMeter bytes={usage.bytes} quotaBytes={usage.quotaBytes} />
    </div>
  );
}
