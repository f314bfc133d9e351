import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messageFor } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { toast } from '../lib/toast.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { Button, Card, TextField } from '../components/ui/index.ts';

export const NEW_PASSWORD_TOO_SHORT = 'New password must be at least 8 characters';

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
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (newPassword.length < 8) {
      setError(NEW_PASSWORD_TOO_SHORT);
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
