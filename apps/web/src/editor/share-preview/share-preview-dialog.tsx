// The Share preview dialog: make a link (how long it works, whom it is for), copy it once, and
// see and revoke the links that still work. Thankly keeps only a hash of each link, so the address
// can be copied only right after it is made.
import { type FormEvent, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, ExternalLink, Loader2 } from 'lucide-react';
import {
  DEFAULT_SHARE_EXPIRY_DAYS,
  SHARE_EXPIRY_DAYS,
  SHARE_LABEL_MAX,
  type SharedPreview,
  type SharedPreviewCreated,
  type ShareExpiryDays,
} from '@thankly/api-contract';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { Alert, Button, SelectField, TextField } from '../../components/ui/index.ts';
import { messageFor } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { useFormatSellerTime } from '../../lib/seller-time.ts';
import { useCopyToClipboard } from '../../lib/use-copy-to-clipboard.ts';

export const SHARE_TEXTS = {
  title: 'Share a preview',
  description:
    'A read-only link to this email as buyers receive it, with sample order details, on desktop and phone. Whoever has the link can open it without an account until it expires or you revoke it.',
  publishedOnly: 'The link shows the saved template: changes not yet live appear once you save.',
  create: 'Create link',
  creating: 'Creating…',
  createFailed: 'The link could not be made just now. Please try again.',
  copyOnce: 'Copy it now: for your safety Thankly keeps no copy of the address.',
  listTitle: 'Links that work now',
  loading: 'Loading links…',
  loadFailed: 'The links could not be loaded. Close this and try again.',
  empty: 'No links yet. Links you make appear here until they expire or you revoke them.',
  revokeFailed: 'The link could not be revoked just now. Please try again.',
  unnamed: 'Link without a name',
  copied: 'Copied',
  copyRefused: 'Selected: press Ctrl+C (Cmd+C on a Mac) to copy.',
} as const;

const EXPIRY_OPTIONS = SHARE_EXPIRY_DAYS.map((days) => ({
  value: String(days) as `${ShareExpiryDays}`,
  label: days === 1 ? '1 day' : `${days} days`,
}));

const sharesKey = (templateId: string) => ['templates', templateId, 'shares'] as const;

export default function SharePreviewDialog({
  templateId,
  onClose,
}: {
  templateId: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const shares = useQuery({
    queryKey: sharesKey(templateId),
    queryFn: () => callApi('GET /templates/:id/shares', { params: { id: templateId } }),
  });
  const [expiry, setExpiry] = useState<`${ShareExpiryDays}`>(`${DEFAULT_SHARE_EXPIRY_DAYS}`);
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<SharedPreviewCreated | null>(null);

  const create = useMutation({
    mutationFn: () =>
      callApi('POST /templates/:id/shares', {
        params: { id: templateId },
        body: { expiresInDays: Number(expiry), label },
      }),
    onSuccess: async (made) => {
      setCreated(made);
      setLabel('');
      await queryClient.invalidateQueries({ queryKey: sharesKey(templateId) });
    },
  });

  const revoke = useMutation({
    mutationFn: (shareId: string) =>
      callApi('DELETE /templates/:id/shares/:shareId', { params: { id: templateId, shareId } }),
    onSuccess: async (_reply, shareId) => {
      if (created?.share.id === shareId) setCreated(null);
      await queryClient.invalidateQueries({ queryKey: sharesKey(templateId) });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }

  return (
    <ModalDialog title={SHARE_TEXTS.title} description={SHARE_TEXTS.description} onClose={onClose}>
      <div className="space-y-6">
        <form onSubmit={submit} className="space-y-3" aria-label="Make a link">
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Link works for"
              value={expiry}
              options={EXPIRY_OPTIONS}
              onChange={setExpiry}
            />
            <TextField
              label="Who is it for? (optional)"
              hint="Only you see this, to tell links apart."
              value={label}
              maxLength={SHARE_LABEL_MAX}
              placeholder="Print shop"
              onChange={(e) => setLabel(e.target.value)}
            />
          </div>
          <p className="text-xs text-slate-600">{SHARE_TEXTS.publishedOnly}</p>
          {create.isError ? (
            <Alert>{messageFor(create.error, SHARE_TEXTS.createFailed)}</Alert>
          ) : null}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? SHARE_TEXTS.creating : SHARE_TEXTS.create}
          </Button>
        </form>

        {created ? <NewLink created={created} /> : null}

        <section aria-labelledby="share-list-title" className="space-y-3">
          <h3 id="share-list-title" className="text-sm font-semibold text-slate-900">
            {SHARE_TEXTS.listTitle}
          </h3>
          {revoke.isError ? (
            <Alert>{messageFor(revoke.error, SHARE_TEXTS.revokeFailed)}</Alert>
          ) : null}
          <ShareList
            shares={shares.data?.shares}
            loading={shares.isPending}
            failed={shares.isError}
            revoking={revoke.isPending ? revoke.variables : undefined}
            onRevoke={(share) => {
              const name = share.label || SHARE_TEXTS.unnamed;
              if (
                window.confirm(
                  `Revoke “${name}”? Whoever has this link will no longer see the preview.`,
                )
              )
                revoke.mutate(share.id);
            }}
          />
        </section>
      </div>
    </ModalDialog>
  );
}

/** The address, shown in full once, with Copy and Open. */
function NewLink({ created }: { created: SharedPreviewCreated }) {
  const input = useRef<HTMLInputElement>(null);
  const { status, copy } = useCopyToClipboard(() => input.current?.select());
  return (
    <div className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <p role="status" className="text-sm font-semibold text-emerald-900">
        Link created
      </p>
      <label htmlFor="shared-preview-url" className="sr-only">
        Preview link
      </label>
      <input
        id="shared-preview-url"
        ref={input}
        readOnly
        value={created.url}
        onFocus={(e) => e.currentTarget.select()}
        className="focus-ring block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 font-mono text-xs text-slate-900"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          aria-label="Copy preview link"
          onClick={() => copy(created.url)}
        >
          {status === 'copied' ? (
            <Check aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Copy aria-hidden="true" className="h-4 w-4" />
          )}
          Copy
        </Button>
        <a
          href={created.url}
          target="_blank"
          rel="noopener noreferrer"
          className="focus-ring inline-flex items-center gap-2 text-sm font-medium text-brand-700 underline"
        >
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          Open preview
        </a>
        <span role="status" className="text-xs text-slate-700">
          {status === 'copied'
            ? SHARE_TEXTS.copied
            : status === 'refused'
              ? SHARE_TEXTS.copyRefused
              : ''}
        </span>
      </div>
      <p className="text-xs text-slate-700">{SHARE_TEXTS.copyOnce}</p>
    </div>
  );
}

function ShareList({
  shares,
  loading,
  failed,
  revoking,
  onRevoke,
}: {
  shares: SharedPreview[] | undefined;
  loading: boolean;
  failed: boolean;
  revoking: string | undefined;
  onRevoke: (share: SharedPreview) => void;
}) {
  const formatTime = useFormatSellerTime();
  if (loading)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
        <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
        {SHARE_TEXTS.loading}
      </p>
    );
  if (failed || !shares) return <Alert>{SHARE_TEXTS.loadFailed}</Alert>;
  if (shares.length === 0) return <p className="text-sm text-slate-600">{SHARE_TEXTS.empty}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {shares.map((share) => {
        const name = share.label || SHARE_TEXTS.unnamed;
        return (
          <li
            key={share.id}
            className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            data-testid="shared-preview-row"
          >
            <div className="min-w-0">
              <p className="text-sm font-medium break-words text-slate-900">{name}</p>
              <p className="text-xs text-slate-600">Works until {formatTime(share.expiresAt)}</p>
            </div>
            <Button
              variant="danger"
              aria-label={`Revoke ${name}`}
              disabled={revoking === share.id}
              onClick={() => onRevoke(share)}
            >
              {revoking === share.id ? 'Revoking…' : 'Revoke'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
