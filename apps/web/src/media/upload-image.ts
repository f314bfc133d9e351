// POST /api/media from the browser: one image file, with upload progress. fetch() reports no
// upload progress, so this is the one call that goes through XMLHttpRequest.
import {
  MEDIA_ACCEPTED_TYPES,
  MEDIA_MAX_UPLOAD_BYTES,
  MEDIA_MESSAGES,
  MEDIA_UPLOAD_HEADER,
  mediaCreatedSchema,
  type Media,
  type MediaUsage,
} from '@thankly/api-contract';
import { ApiError, NetworkError, errorTextOf, parseRetryAfter } from '../lib/api.ts';

export interface Uploaded {
  media: Media;
  usage: MediaUsage;
}

/**
 * Why this file will be refused, said before a byte is sent; null when it may go. The server
 * decides from the bytes; this only saves a seller the wait for an answer that is already known.
 */
export function refusalOf(file: File): string | null {
  if (file.size > MEDIA_MAX_UPLOAD_BYTES) return MEDIA_MESSAGES.tooLarge;
  // A browser that cannot tell the type leaves it empty: the server reads the bytes.
  if (file.type && !(MEDIA_ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
    return MEDIA_MESSAGES.unsupportedType;
  }
  return null;
}

/** The first image file among pasted or dropped items, if any. */
export function imageFileOf(data: DataTransfer | null): File | null {
  if (!data) return null;
  for (const file of Array.from(data.files)) {
    if (file.type.startsWith('image/') || file.type === '') return file;
  }
  return null;
}

/** Whether a drag carries files (their names and types stay hidden until the drop). */
export function dragHasFiles(data: DataTransfer | null): boolean {
  return Boolean(data && Array.from(data.types).includes('Files'));
}

/** Uploads `file`; `onProgress` gets the share sent so far, 0 to 1. Rejects with ApiError or NetworkError. */
export function uploadImage(
  file: File,
  onProgress: (share: number) => void = () => {},
  signal?: AbortSignal,
): Promise<Uploaded> {
  const refusal = refusalOf(file);
  if (refusal) {
    return Promise.reject(new ApiError(file.size > MEDIA_MAX_UPLOAD_BYTES ? 413 : 415, refusal));
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    // The header a cross-site form cannot send: the server takes multipart only with it.
    xhr.setRequestHeader(MEDIA_UPLOAD_HEADER, '1');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new NetworkError(new Error('upload failed')));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status !== 201) {
        const retryAfter = parseRetryAfter(xhr.getResponseHeader('Retry-After'));
        reject(new ApiError(xhr.status, errorTextOf(body), retryAfter));
        return;
      }
      const parsed = mediaCreatedSchema.safeParse(body);
      if (!parsed.success) {
        reject(new ApiError(502, null));
        return;
      }
      onProgress(1);
      resolve(parsed.data);
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name || 'image');
    xhr.send(form);
  });
}
