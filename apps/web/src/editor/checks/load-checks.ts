// The checks' rules load on their own, like the rich-text engine: the canvas paints without them,
// and the editor's initial JavaScript stays within its goal (bench/web/route-sizes.bench.ts).
import type * as EditorChecks from '@thankly/email/editor-checks';

type ChecksModule = typeof EditorChecks;

let loading: Promise<ChecksModule> | null = null;

export function loadChecks(): Promise<ChecksModule> {
  loading ??= import('@thankly/email/editor-checks').catch((error: unknown) => {
    loading = null; // a failed chunk (offline) is tried again on the next edit
    throw error;
  });
  return loading;
}
