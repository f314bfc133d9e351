import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { Me } from '@thankly/api-contract';
import { messageFor } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { toast } from '../lib/toast.ts';
import { Alert, Badge, Button, Card, TextField } from '../components/ui/index.ts';
import { ACCOUNT_KEY } from './account-query.ts';

/**
 * Asking for a change changes nothing yet: the new address gets a link, and the account moves to it
 * when the link is followed. Until then the card shows the address waiting for confirmation.
 */
export function EmailCard({
  email: currentEmail,
  emailVerified,
  pendingEmail,
}: {
  email: string;
  emailVerified: boolean;
  pendingEmail: string | null;
}) {
  const client = useQueryClient();
  // Nothing is checked before sending: the server says what is wrong with the address or password.
  const { register, handleSubmit, resetField } = useForm({
    defaultValues: { email: currentEmail, password: '' },
  });
  const update = useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      callApi('PATCH /auth/update-email', { body }),
    onSuccess: (reply, { email }) => {
      resetField('password');
      const pending = reply?.pendingEmail ?? email.trim().toLowerCase();
      client.setQueryData<Me>(ACCOUNT_KEY, (old) =>
        old ? { ...old, pendingEmail: pending } : old,
      );
      toast.success('Email updated', { key: 'update-email' });
    },
    onError: (error) =>
      toast.error(messageFor(error, 'Could not update email'), { key: 'update-email' }),
  });
  const onSubmit = handleSubmit((fields) => update.mutate(fields));
  return (
    <Card aria-labelledby="email-heading">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="email-heading" className="text-lg font-semibold">
          Account email
        </h2>
        <Badge tone={emailVerified ? 'green' : 'amber'}>
          {emailVerified ? 'Confirmed' : 'Not confirmed'}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Currently <strong className="break-all text-slate-800">{currentEmail}</strong>. A new
        address takes effect once you follow the link we mail to it.
      </p>
      {pendingEmail ? (
        <div className="mt-4" data-testid="pending-email">
          <Alert tone="info">
            Waiting for confirmation: we sent a link to{' '}
            <strong className="break-all">{pendingEmail}</strong>. Your account email changes to it
            when you follow that link (within 1 hour); until then it stays {currentEmail}.
          </Alert>
        </div>
      ) : null}
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...register('email')}
        />
        <TextField
          label="Confirm with password"
          type="password"
          autoComplete="current-password"
          required
          {...register('password')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={update.isPending}>
            Update email
          </Button>
        </div>
      </form>
    </Card>
  );
}
