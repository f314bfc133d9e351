import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { NEW_PASSWORD_TOO_SHORT } from '@thankly/api-contract/catalog';
import { messageFor } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { loadContract } from '../lib/load-contract.ts';
import { toast } from '../lib/toast.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { Button, Card, TextField } from '../components/ui/index.ts';

export { NEW_PASSWORD_TOO_SHORT };

export function PasswordCard() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [invalidFocusRef, focusFirstInvalid] = useFocusFirstInvalid();
  const update = useMutation({
    mutationFn: () =>
      callApi('PATCH /auth/update-password', { body: { currentPassword, newPassword } }),
    onSuccess: () => {
      setCurrentPassword('');
      setNewPassword('');
      toast.success('Password updated', { key: 'update-password' });
    },
    onError: (err) =>
      toast.error(messageFor(err, 'Could not update password'), { key: 'update-password' }),
  });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The endpoint's own schema: its rule and its words for the new password.
    const { updatePasswordSchema } = await loadContract();
    const checked = updatePasswordSchema.safeParse({ currentPassword, newPassword });
    const problem = checked.error?.issues.find((issue) => issue.path[0] === 'newPassword');
    if (problem) {
      setError(problem.message);
      focusFirstInvalid();
      return;
    }
    setError(null);
    update.mutate();
  };
  return (
    <Card aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold">
        Change password
      </h2>
      <form ref={invalidFocusRef} onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          value={newPassword}
          onChange={(e) => {
            setNewPassword(e.target.value);
            setError(null);
          }}
          error={error}
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
