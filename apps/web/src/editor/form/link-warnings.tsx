// What saving found: buttons (or linked pictures) that would lead the buyer nowhere, each named in
// the seller's words, with the one-click fix (the shop's own web address) as one undo step.
import type { LinkWarning } from '@thankly/api-contract';
import { withBlockLink } from '@thankly/email';
import { Alert, Button } from '../../components/ui/index.ts';
import type { Command } from '../model/commands.ts';
import { useEditorActions } from '../store/use-editor.ts';

export const LINK_WARNING_TEXTS = {
  saved: 'Saved. One thing to fix before buyers get it: see above the email.',
  heading: 'Saved, with a link to fix',
} as const;

/** What the editor of a template just created is opened with: the warnings of its first save. */
export interface LinkWarningsState {
  linkWarnings: LinkWarning[];
}

/** The warnings handed over by the save that created this template, if any. */
export function initialLinkWarnings(state: unknown): LinkWarning[] {
  const warnings = (state as Partial<LinkWarningsState> | null)?.linkWarnings;
  return Array.isArray(warnings) ? warnings : [];
}

const fixBlockLink: Command<{ blockId: string; url: string }> = {
  name: 'fixBlockLink',
  history: 'record',
  apply: (design, { blockId, url }) => withBlockLink(design, blockId, url),
};

export function LinkWarnings({
  warnings,
  onFixed,
}: {
  warnings: readonly LinkWarning[];
  /** The warning that was just fixed: the editor stops showing it. */
  onFixed: (warning: LinkWarning) => void;
}) {
  const actions = useEditorActions();
  if (warnings.length === 0) return null;
  return (
    <div className="mt-4">
      <Alert tone="info">
        <p className="font-semibold">{LINK_WARNING_TEXTS.heading}</p>
        <ul className="mt-2 space-y-2">
          {warnings.map((warning) => (
            <li key={warning.blockId} className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1 basis-64">{warning.message}</span>
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                onClick={() => {
                  actions.run(fixBlockLink, { blockId: warning.blockId, url: warning.fix.url });
                  actions.select(warning.blockId);
                  onFixed(warning);
                }}
              >
                {warning.fix.label}
              </Button>
            </li>
          ))}
        </ul>
      </Alert>
    </div>
  );
}
