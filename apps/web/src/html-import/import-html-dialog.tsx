// "Import HTML" on the dashboard: paste an email's HTML or choose its .html file; the importer
// (this chunk, loaded when the dialog opens) maps it onto blocks, and the result opens in the
// editor as the unsaved new template. The images of an imported email are never fetched or copied
// by Thankly: they stay at their own addresses, and the dialog says so.
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FileUp, ImageIcon } from 'lucide-react';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { Alert, Button, Field, controlClass } from '../components/ui/index.ts';
import { ApiError } from '../lib/api.ts';
import { useSession } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { IMPORT_MESSAGES, importHtmlEmail, MAX_IMPORT_BYTES } from './import-html-email.ts';
import { readNewDraft, saveImportedDraft } from './save-imported-draft.ts';

export const IMPORT_TITLE = 'Import an HTML email';
export const REPLACE_DRAFT_QUESTION =
  'Importing replaces the new template you started and have not saved yet. Import anyway?';
const FILE_TYPES = '.html,.htm,text/html';

function blocksSentence(blocks: number, locked: number): string {
  const made = `${blocks} ${blocks === 1 ? 'block' : 'blocks'}`;
  return locked === 0
    ? `Imported as ${made}.`
    : `Imported as ${made}, ${locked} kept as locked HTML.`;
}

export function ImportHtmlDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const sellerId = useSession().user?.id ?? null;
  const [source, setSource] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setError(IMPORT_MESSAGES.tooLarge);
      return;
    }
    setSource(await file.text());
    setFileName(file.name);
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || sellerId === null) return;
    const result = importHtmlEmail(source);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const existing = await readNewDraft();
      if (existing && !window.confirm(REPLACE_DRAFT_QUESTION)) {
        setBusy(false);
        return;
      }
      await saveImportedDraft(sellerId, result, existing?.revision ?? 0);
      toast.success(blocksSentence(result.summary.blocks, result.summary.locked));
      onClose();
      navigate(`${PRODUCT_PATH}/create`);
    } catch (failure) {
      setBusy(false);
      setError(
        failure instanceof ApiError && failure.serverMessage
          ? failure.serverMessage
          : 'The email could not be imported. Please try again.',
      );
    }
  }

  return (
    <ModalDialog
      title={IMPORT_TITLE}
      description="Headings, text, pictures, buttons and columns become blocks you can edit. Anything else is kept as it was, as locked HTML you can move or delete."
      onClose={onClose}
    >
      <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={fileInput}
            type="file"
            accept={FILE_TYPES}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={chooseFile}
          />
          <Button
            type="button"
            variant="secondary"
            onClick={() => fileInput.current?.click()}
            aria-describedby="import-html-file-hint"
          >
            <FileUp size={16} aria-hidden />
            Choose a .html file
          </Button>
          <span id="import-html-file-hint" className="text-xs text-slate-500">
            {fileName ? `${fileName} loaded below.` : `Up to ${MAX_IMPORT_BYTES / 1024} KB.`}
          </span>
        </div>
        <Field label="Email HTML" hint="Or paste the HTML source of the email here.">
          {(control) => (
            <textarea
              {...control}
              rows={10}
              value={source}
              spellCheck={false}
              placeholder="<html>…</html>"
              onChange={(e) => {
                setSource(e.target.value);
                setError(null);
              }}
              className={controlClass('regular', Boolean(error), 'font-mono')}
            />
          )}
        </Field>
        <p className="flex gap-2 rounded-md bg-slate-50 p-3 text-xs text-slate-700">
          <ImageIcon size={16} aria-hidden className="mt-0.5 shrink-0 text-slate-500" />
          <span>
            Pictures stay at their own addresses: Thankly does not copy or fetch them, and buyers
            load them from there. If that address ever stops working, replace the picture in the
            editor with one from Your images.
          </span>
        </p>
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || !source.trim()}>
            {busy ? 'Importing…' : 'Import'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
