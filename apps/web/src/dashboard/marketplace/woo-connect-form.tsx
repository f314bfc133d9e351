// Connect a WooCommerce store. The main way: its address, then the seller approves Thankly in the
// store's own admin (WooCommerce's application authorisation), which sends Thankly a REST API key
// itself. The fallback, under "Enter keys by hand": the address and a key pair the seller made.
// Either way Thankly reads the store with the key (proof the seller runs it), creates its order
// webhooks, and reads each order back.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WooConnect, WooConnectReply } from '@thankly/api-contract';
import { Button, TextField } from '../../components/ui/index.ts';
import { messageFor } from '../../lib/api.ts';
import { callApi } from '../../lib/call-api.ts';
import { loadContract, usePreloadedContract } from '../../lib/load-contract.ts';
import { toast } from '../../lib/toast.ts';
import { marketplaceKeys } from './marketplace-queries.ts';
import { browserNavigation } from './browser-navigation.ts';
import { WooSetupInstructions } from './woo-setup-instructions.tsx';

export const WOO_MESSAGES = {
  connectFailed: 'Could not connect your store. Try again later.',
  authorizeFailed: 'Couldn’t open your store to approve Thankly. Try again in a moment.',
  connected: 'Store connected.',
} as const;

type Field = 'storeUrl' | 'consumerKey' | 'consumerSecret';

export function WooConnectForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    storeUrl: '',
    consumerKey: '',
    consumerSecret: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [byHand, setByHand] = useState(false);
  const keysId = useId();
  const authorize = useMutation({
    mutationFn: (storeUrl: string) =>
      callApi('POST /woocommerce/authorize', { body: { storeUrl } }),
    onSuccess: ({ url }) => browserNavigation.assign(url),
    onError: (e) => setErrors({ form: messageFor(e, WOO_MESSAGES.authorizeFailed) }),
  });
  const connect = useMutation({
    mutationFn: (body: WooConnect): Promise<WooConnectReply> =>
      callApi('POST /woocommerce/shops', { body }),
    onSuccess: () => {
      toast.success(WOO_MESSAGES.connected);
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.shops });
    },
    onError: (e) => setErrors({ form: messageFor(e, WOO_MESSAGES.connectFailed) }),
  });
  usePreloadedContract();

  if (connect.data) {
    return (
      <div aria-live="polite">
        <p className="text-sm font-semibold text-slate-900">
          {connect.data.shop.name} is connected.
        </p>
        <WooSetupInstructions setup={connect.data.setup} />
        <Button variant="secondary" className="mt-3 px-3 py-1.5" onClick={onDone}>
          Done
        </Button>
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const contract = await loadContract().catch(() => null);
    if (!contract) {
      setErrors({ form: WOO_MESSAGES.connectFailed });
      return;
    }
    const parsed = byHand
      ? contract.wooConnectSchema.safeParse(values)
      : contract.wooAuthorizeSchema.safeParse({ storeUrl: values.storeUrl });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = (issue.path[0] as Field | undefined) ?? 'form';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    if (byHand) connect.mutate(values);
    else authorize.mutate(values.storeUrl);
  }
  // Still busy once the store's page is on its way: the browser is leaving.
  const leaving = authorize.isPending || authorize.isSuccess;
  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors((old) => ({ ...old, [name]: undefined, form: undefined }));
    },
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-3"
      aria-label="Connect a WooCommerce store"
    >
      <TextField
        label="Store address"
        placeholder="https://shop.example.com"
        autoComplete="url"
        spellCheck={false}
        hint="The address of your WordPress site, as your buyers see it."
        {...field('storeUrl')}
      />
      {byHand ? null : (
        <p className="text-xs text-slate-600">
          Next, your store asks you to approve Thankly. WooCommerce then gives Thankly a key of its
          own, so there’s nothing to copy.
        </p>
      )}
      <div>
        <button
          type="button"
          className="focus-ring rounded text-sm font-medium text-brand-600 underline underline-offset-2 hover:text-brand-700"
          aria-expanded={byHand}
          aria-controls={keysId}
          onClick={() => {
            setByHand((open) => !open);
            setErrors({});
          }}
        >
          Enter keys by hand
        </button>
      </div>
      {byHand ? (
        <div id={keysId} className="rounded-lg border border-slate-200 p-3">
          <p className="text-sm font-medium text-slate-800">REST API key</p>
          <p className="mt-1 text-xs text-slate-600">
            In WooCommerce → Settings → Advanced → REST API, click <strong>Add key</strong>, give it{' '}
            <strong>Read/Write</strong> permission and paste both parts here. Thankly reads your
            store with it to confirm it is yours, creates its two order webhooks, and reads every
            order back before emailing, so only real orders of your store are thanked. The key is
            kept encrypted; revoking it stops the emails.
          </p>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            <TextField
              label="Consumer key"
              placeholder="ck_…"
              autoComplete="off"
              spellCheck={false}
              {...field('consumerKey')}
            />
            <TextField
              label="Consumer secret"
              type="password"
              placeholder="cs_…"
              autoComplete="off"
              spellCheck={false}
              {...field('consumerSecret')}
            />
          </div>
        </div>
      ) : null}
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {byHand ? (
          <Button type="submit" disabled={connect.isPending}>
            {connect.isPending ? 'Connecting…' : 'Connect store'}
          </Button>
        ) : (
          <Button type="submit" disabled={leaving}>
            {leaving ? 'Opening your store…' : 'Continue to WooCommerce'}
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
