// The seller's image library (GET/DELETE /api/media) and the upload hook, with one cache key.
import { useCallback, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Media } from '@thankly/api-contract';
import { ApiError, messageFor } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { loadContract } from '../lib/load-contract.ts';
import { uploadImage, type Uploaded } from './upload-image.ts';

export const mediaKeys = { library: ['media'] as const };

export const UPLOAD_FAILED = 'The image could not be uploaded. Please try again.';

export function useMediaLibrary({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: mediaKeys.library,
    queryFn: () => callApi('GET /media'),
    enabled,
  });
}

/** What deleting an image said: gone, or still used by these saved templates (nothing deleted). */
export type DeleteOutcome = { deleted: true } | { deleted: false; usedIn: Media['usedIn'] };

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, force }: { id: string; force: boolean }): Promise<DeleteOutcome> => {
      try {
        await callApi('DELETE /media/:id', {
          params: { id },
          query: { force: force ? 'true' : undefined },
        });
        return { deleted: true };
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        const { mediaInUseSchema } = await loadContract();
        return {
          deleted: false,
          usedIn: mediaInUseSchema.safeParse(error.body).data?.usedIn ?? [],
        };
      }
    },
    onSuccess: (outcome) => {
      if (outcome.deleted) void queryClient.invalidateQueries({ queryKey: mediaKeys.library });
    },
  });
}

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; share: number }
  | { status: 'failed'; message: string };

/**
 * One upload at a time with its progress and its error; the library refreshes when it lands.
 * `upload` resolves with the stored image, or null when it was refused (the state says why).
 */
export function useImageUpload() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const busy = useRef(false);
  const upload = useCallback(
    async (file: File): Promise<Uploaded | null> => {
      if (busy.current) return null;
      busy.current = true;
      const fileName = file.name || 'image';
      setState({ status: 'uploading', fileName, share: 0 });
      try {
        const uploaded = await uploadImage(file, (share) =>
          setState({ status: 'uploading', fileName, share }),
        );
        queryClient.setQueryData(mediaKeys.library, (old: unknown) => {
          const list = old as { media: Media[] } | undefined;
          if (!list) return undefined;
          const rest = list.media.filter((m) => m.id !== uploaded.media.id);
          return { media: [uploaded.media, ...rest], usage: uploaded.usage };
        });
        setState({ status: 'idle' });
        return uploaded;
      } catch (error) {
        setState({ status: 'failed', message: messageFor(error, UPLOAD_FAILED) });
        return null;
      } finally {
        busy.current = false;
      }
    },
    [queryClient],
  );
  const dismiss = useCallback(() => setState({ status: 'idle' }), []);
  return { state, upload, dismiss };
}

/** "1.2 MB" / "340 KB": storage sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
