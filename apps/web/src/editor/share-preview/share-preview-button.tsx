// "Share preview" in the editor's header: a read-only link to the published template for a partner
// or a print shop (docs/decisions/022-shared-previews.md). The dialog is its own chunk, loaded on
// the first click, so the editor's first load carries only this button.
import { Suspense, lazy, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Share2 } from 'lucide-react';
import { Button } from '../../components/ui/index.ts';

const SharePreviewDialog = lazy(() => import('./share-preview-dialog.tsx'));

export const SAVE_BEFORE_SHARING =
  'Save the template first: a shared preview shows the version buyers receive.';

export function SharePreviewButton() {
  const [params] = useSearchParams();
  const templateId = params.get('id');
  const [open, setOpen] = useState(false);
  const hintId = useId();

  if (!templateId) {
    return (
      <>
        <Button variant="secondary" disabled aria-describedby={hintId} title={SAVE_BEFORE_SHARING}>
          <Share2 aria-hidden="true" className="h-4 w-4" />
          Share preview
        </Button>
        <span id={hintId} className="sr-only">
          {SAVE_BEFORE_SHARING}
        </span>
      </>
    );
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-keep-selection>
        <Share2 aria-hidden="true" className="h-4 w-4" />
        Share preview
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SharePreviewDialog templateId={templateId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
