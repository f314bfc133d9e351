import type { Media } from '@thankly/api-contract';
import { messageFor } from '../lib/api.ts';
import { DELETE_FAILED } from './media-messages.ts';
import { useDeleteMedia } from './media-queries.ts';

/** Asked before deleting an image that saved templates show, naming them. */
export function ConfirmDelete({
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
