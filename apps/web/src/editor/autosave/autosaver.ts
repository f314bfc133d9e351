// Autosave of the editor (issue 38 point 1, docs/decisions/019-template-drafts.md). A change only
// marks the draft dirty and restarts a timer; the content is read and sent a second after the last
// change, when the browser is idle, so typing never waits for it. One save at a time: each names
// the server revision it started from, so a copy sent late never overwrites a newer draft. Until
// the server confirms, the copy is kept on this device, and sent once the connection is back.
import type { TemplateDraft, TemplateDraftContent } from '@thankly/api-contract';
import type { LocalDrafts } from './local-drafts.ts';

export type AutosaveStatus = 'saved' | 'saving' | 'offline' | 'conflict' | 'failed';

export const AUTOSAVE_TEXTS = {
  saved: 'Saved',
  saving: 'Saving…',
  offline: 'Offline: kept on this device',
  conflict: 'Not saved: changed in another window',
  failed: 'Not saved',
} as const satisfies Record<AutosaveStatus, string>;

/** Within 2 s of a change (the goal): 1 s of quiet, then at most 0.5 s waiting for idle. */
export const AUTOSAVE_DELAY_MS = 1000;
const IDLE_TIMEOUT_MS = 500;
/** While the server cannot be reached (down, or the network is), how often to try again. */
export const RETRY_MS = 3000;

/** Why a save did not go through, as the caller's `send` reports it. */
export type SendFailure =
  | { kind: 'offline' }
  | { kind: 'conflict'; draft: TemplateDraft | null }
  | { kind: 'refused'; message: string };

export interface AutosaverOptions {
  key: string;
  /** The server's draft revision the editor opened (0: none). */
  revision: number;
  read: () => TemplateDraftContent;
  send: (baseRevision: number, content: TemplateDraftContent) => Promise<TemplateDraft>;
  /** Turns what `send` threw into a failure the autosaver acts on. */
  classify: (error: unknown) => SendFailure;
  local: LocalDrafts;
  onStatus: (
    status: AutosaveStatus,
    detail?: { message?: string; draft?: TemplateDraft | null },
  ) => void;
  isOnline?: () => boolean;
  delayMs?: number;
}

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
}

export class Autosaver {
  private revision: number;
  private dirty = false;
  private paused = false;
  private conflicted = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private cancelIdle: (() => void) | null = null;
  private running: Promise<void> | null = null;
  private status: AutosaveStatus = 'saved';
  private readonly options: AutosaverOptions;
  private read: () => TemplateDraftContent;
  private readonly onOnline = () => {
    if (this.dirty) this.schedule(0);
  };

  constructor(options: AutosaverOptions) {
    this.options = options;
    this.revision = options.revision;
    this.read = options.read;
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
  }

  /** Where the content comes from now (the editor's fields change between saves). */
  readWith(read: () => TemplateDraftContent) {
    this.read = read;
  }

  /** Called on every change: cheap (a flag and a timer), never reads or serialises the design. */
  changed() {
    this.dirty = true;
    if (this.paused || this.conflicted) return;
    this.setStatus('saving');
    this.schedule(this.options.delayMs ?? AUTOSAVE_DELAY_MS);
  }

  private setStatus(status: AutosaveStatus, detail?: Parameters<AutosaverOptions['onStatus']>[1]) {
    if (status === this.status && !detail) return;
    this.status = status;
    this.options.onStatus(status, detail);
  }

  private schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.cancelIdle?.();
      this.cancelIdle = whenIdle(() => {
        this.cancelIdle = null;
        void this.run();
      });
    }, delay);
  }

  /** One save at a time; changes made meanwhile are sent by the next one. */
  private run(): Promise<void> {
    if (this.running || this.paused || this.conflicted || !this.dirty)
      return this.running ?? Promise.resolve();
    this.running = this.saveOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async saveOnce() {
    const { key, local } = this.options;
    const content = this.read();
    const baseRevision = this.revision;
    this.dirty = false;
    // Kept on this device first: a closed tab or a crash during the request loses nothing.
    await local.set(key, { baseRevision, content, keptAt: new Date().toISOString() });
    if (this.options.isOnline && !this.options.isOnline()) {
      this.dirty = true;
      this.setStatus('offline');
      return;
    }
    try {
      const saved = await this.options.send(baseRevision, content);
      this.revision = saved.revision;
      if (this.dirty) {
        this.schedule(this.options.delayMs ?? AUTOSAVE_DELAY_MS);
      } else {
        await local.delete(key);
        // A change made while the copy was being removed is kept by its own save.
        this.setStatus(this.dirty ? 'saving' : 'saved');
      }
    } catch (error) {
      const failure = this.options.classify(error);
      this.dirty = true;
      if (failure.kind === 'offline') {
        this.setStatus('offline');
        this.schedule(RETRY_MS);
      } else if (failure.kind === 'conflict') {
        this.conflicted = true;
        this.setStatus('conflict', { draft: failure.draft });
      } else {
        this.setStatus('failed', { message: failure.message });
      }
    }
  }

  /** Before publishing: no save may start or be running while the template is replaced. */
  async pause() {
    this.paused = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.cancelIdle?.();
    this.cancelIdle = null;
    await this.running;
  }

  /** After a failed publish: carry on where it was. */
  resume() {
    this.paused = false;
    if (this.dirty) this.changed();
  }

  /** Published or discarded: the server has no draft now, and this device keeps no copy. */
  async reset() {
    this.revision = 0;
    this.dirty = false;
    this.conflicted = false;
    this.paused = false;
    await this.options.local.delete(this.options.key);
    this.setStatus('saved');
  }

  /** "Keep my changes" after a conflict: this editor's content goes over the newer draft. */
  overwrite(serverRevision: number) {
    this.revision = serverRevision;
    this.conflicted = false;
    this.dirty = true;
    this.changed();
    this.schedule(0);
  }

  /** The tab is going away: whatever is not yet saved stays on this device. */
  keepNow() {
    if (!this.dirty) return;
    void this.options.local.set(this.options.key, {
      baseRevision: this.revision,
      content: this.read(),
      keptAt: new Date().toISOString(),
    });
  }

  dispose() {
    if (this.timer) clearTimeout(this.timer);
    this.cancelIdle?.();
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
  }
}
