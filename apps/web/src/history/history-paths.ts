// Where a template's version history lives, for the links into it (the editor's History, the
// activity feed's version of a sent email). Free of React so any chunk can import it.
import { PRODUCT_PATH } from '../route-meta.ts';

export const HISTORY_PATH = `${PRODUCT_PATH}/history`;

export const HISTORY_PARAMS = { template: 'template', version: 'version', compare: 'compare' };

/** The list; with `version`, that version's read-only view; with `compare`, two side by side. */
export function historyPath(
  templateId: string,
  view?: { version: string } | { compare: readonly [string, string] },
): string {
  const params = new URLSearchParams({ [HISTORY_PARAMS.template]: templateId });
  if (view && 'version' in view) params.set(HISTORY_PARAMS.version, view.version);
  if (view && 'compare' in view) params.set(HISTORY_PARAMS.compare, view.compare.join(','));
  return `${HISTORY_PATH}?${params}`;
}
