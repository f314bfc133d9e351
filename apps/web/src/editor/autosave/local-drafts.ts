// The copy of a draft kept on this device (IndexedDB, through idb-keyval) until the server has it:
// while offline, while the server is down, and in the moment between a change and its save.
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { TemplateDraftContent } from '@thankly/api-contract';

export interface LocalDraft {
  /** The server's revision this copy was made from: it is newer work only while that still holds. */
  baseRevision: number;
  content: TemplateDraftContent;
  keptAt: string;
}

export interface LocalDrafts {
  get(key: string): Promise<LocalDraft | undefined>;
  set(key: string, draft: LocalDraft): Promise<void>;
  delete(key: string): Promise<void>;
}

let store: UseStore | null | undefined;
function draftStore(): UseStore | null {
  // No IndexedDB (a private window that refuses it, the unit tests' jsdom): nothing kept locally.
  store ??= typeof indexedDB === 'undefined' ? null : createStore('thankly-drafts', 'drafts');
  return store;
}

/** One seller's drafts on this device: two sellers sharing a browser never see each other's. */
export function localDraftsFor(sellerId: string): LocalDrafts {
  const keyOf = (key: string) => `${sellerId}:${key}`;
  return {
    async get(key) {
      const db = draftStore();
      return db ? get<LocalDraft>(keyOf(key), db).catch(() => undefined) : undefined;
    },
    async set(key, draft) {
      const db = draftStore();
      if (db) await set(keyOf(key), draft, db).catch(() => undefined);
    },
    async delete(key) {
      const db = draftStore();
      if (db) await del(keyOf(key), db).catch(() => undefined);
    },
  };
}
