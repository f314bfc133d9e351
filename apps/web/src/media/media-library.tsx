// The seller's uploaded images to pick from, with the storage used of the plan's quota. Deleting an
// image a saved template shows asks first, naming the templates.
import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { Media } from '@thankly/api-contract';
import { messageFor } from '../lib/api.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { DELETE_FAILED } from './media-messages.ts';
import { useDeleteMedia, useMediaLibrary } from './media-queries.ts';
import { StorageMeter } from './storage-meter.tsx';

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
