// The words the history screens use for a version, in one place for the screens and their tests.
import type { TemplateVersionSummary } from '@thankly/api-contract';

export const HISTORY_TEXTS = {
  title: 'Version history',
  lead: (name: string, kept: number) =>
    `“${name}”: every time you save, Thankly keeps the version buyers received. The last ${kept} are kept.`,
  loading: 'Loading versions…',
  loadFailed: 'Could not load the versions of this template.',
  versionLoadFailed: 'Could not open this version.',
  noTemplate: 'Open a template’s history from the editor.',
  live: 'Live',
  undone: 'Undone',
  readOnly: 'Read-only',
  backToEditor: 'Back to the editor',
  backToList: 'All versions',
  compare: 'Compare',
  compareSelected: 'Compare the two selected',
  compareHint: 'Choose two versions to compare them side by side.',
  compareWithLive: 'Compare with the live version',
  restore: 'Restore',
  restoreThis: 'Restore this version',
  restoring: 'Restoring…',
  undo: 'Undo restore',
  undoing: 'Undoing…',
  restoreConfirm: (number: number) =>
    `Make version ${number} live again? Buyers receive it from the next order on, and it is kept as a new version. Changes not yet live in the editor are set aside; undoing the restore brings them back.`,
  restored: (live: number, from: number) =>
    `Version ${from} is live again, kept as version ${live}.`,
  undoneMessage: (number: number) => `Restore undone: version ${number} is live again.`,
  changeFailed: 'Could not change the live version.',
} as const;

export function versionTitle(version: Pick<TemplateVersionSummary, 'number'>): string {
  return `Version ${version.number}`;
}

/** How the version came to be, in words; null for a plain Save. */
export function versionOrigin(
  version: Pick<TemplateVersionSummary, 'kind' | 'restoredFrom'>,
): string | null {
  switch (version.kind) {
    case 'restore':
      return `Restored from version ${version.restoredFrom ?? '?'}`;
    case 'restyle':
      return 'Restyled with your brand';
    case 'restyle-undo':
      return 'Brand restyle undone';
    default:
      return null;
  }
}
