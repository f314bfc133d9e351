import { useMutation } from '@tanstack/react-query';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NEW_PASSWORD_TOO_SHORT } from '@thankly/api-contract/catalog';
import { messageFor } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { loadContract } from '../lib/load-contract.ts';
import { toast } from '../lib/toast.ts';
import { Button, Card, TextField } from '../components/ui/index.ts';

export { NEW_PASSWORD_TOO_SHORT };

interface PasswordFields {
  currentPassword: string;
  newPassword: string;
}

/**
 * The endpoint's own schema: its rule and its words for the new password. Only that field is
 * judged here; a wrong current password is the server's to say (the browser asks for one at all).
 */
const newPasswordResolver: Resolver<PasswordFields> = async (
  values,
  context,
  options,
): Promise<ResolverResult<PasswordFields>> => {
  const { updatePasswordSchema } = await loadContract();
  const result = await zodResolver(updatePasswordSchema, undefined, { raw: true })(
    values,
    context,
    options,
  );
  const problem = result.errors.newPassword;
  if (problem) return { values: {}, errors: { newPassword: problem } };
  return { values, errors: {} };
};

export function PasswordCard() {
  const { register, handleSubmit, reset, clearErrors, formState } = useForm<PasswordFields>({
    defaultValues: { currentPassword: '', newPassword: '' },
    resolver: newPasswordResolver,
    reValidateMode: 'onSubmit',
  });
  const update = useMutation({
    mutationFn: (body: PasswordFields) => callApi('PATCH /auth/update-password', { body }),
    onSuccess: () => {
      reset();
      toast.success('Password updated', { key: 'update-password' });
    },
    onError: (err) =>
      toast.error(messageFor(err, 'Could not update password'), { key: 'update-password' }),
  });
  // The first invalid field (the new password) takes the focus, by react-hook-form.
  const onSubmit = handleSubmit((fields) => update.mutate(fields));
  return (
    <Card aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold">
        Change password
      </h2>
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          {...register('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          {...register('newPassword', { onChange: () => clearErrors('newPassword') })}
          error={formState.errors.newPassword?.message ?? null}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={update.isPending}>
            Update password
          </Button>
        </div>
      </form>
    </Card>
  );
}
