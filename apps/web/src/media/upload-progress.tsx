// An upload's progress bar while it runs, and its refusal afterwards with a way to dismiss it.
import { X } from 'lucide-react';
import type { UploadState } from './media-queries.ts';

export function UploadProgress({
  state,
  onDismiss,
}: {
  state: UploadState;
  onDismiss: () => void;
}) {
  if (state.status === 'uploading') {
    const percent = Math.round(state.share * 100);
    return (
      <div className="space-y-1" role="status">
        <p className="truncate text-xs text-slate-700">
          Uploading {state.fileName}… {percent}%
        </p>
        <div
          role="progressbar"
          aria-label={`Uploading ${state.fileName}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full bg-brand-600 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div
        role="alert"
        className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-2 py-1.5 text-xs text-red-900"
      >
        <p className="flex-1">{state.message}</p>
        <button
          type="button"
          aria-label="Dismiss upload error"
          onClick={onDismiss}
          className="focus-ring -m-0.5 rounded p-0.5 hover:bg-red-100"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    );
  }
  return null;
}
