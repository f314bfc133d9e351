import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_RULES } from '@thankly/api-contract/catalog';
import { ApiError } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { Alert, ButtonLink, Button, TextField } from '../components/ui/index.ts';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
export const RESET_FAILED = 'Invalid or expired reset token';

export function checkPassword(password: string) {
  return PASSWORD_RULES.map((rule) => ({ message: rule.message, met: rule.test(password) }));
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  // Read at once: links with a token are served the page prerendered with one (route-meta's
  // tokenVariant), so the field a link's token makes unnecessary is never in any HTML.
  const tokenFromUrl = params.get('token')?.trim() ?? '';
  // Nothing is said on sending: the button stays disabled until there is a token and the new
  // password keeps every rule and matches its confirmation, which the page shows as it is typed.
  const { register, handleSubmit, setError, control, formState } = useForm({
    defaultValues: { token: '', password: '', confirm: '' },
  });
  const [typedToken, password, confirm] = useWatch({
    control,
    name: ['token', 'password', 'confirm'],
  });
  const token = tokenFromUrl || typedToken.trim();
  const busy = formState.isSubmitting;
  const error = formState.errors.root?.message ?? null;
  const [done, setDone] = useState(false);

  const rules = checkPassword(password);
  const valid = rules.every((r) => r.met);
  const matches = password === confirm;
  const canSubmit = Boolean(token) && valid && matches && !busy;

  const onSubmit = handleSubmit(async () => {
    if (!canSubmit) return;
    try {
      await callApi('POST /pw/reset', { body: { token, password } });
      setDone(true);
    } catch (err) {
      setError('root', {
        message: err instanceof ApiError && err.serverMessage ? err.serverMessage : RESET_FAILED,
      });
    }
  });

  if (done) {
    return (
      <AuthCard title="Password updated">
        <p role="status" className="text-slate-700">
          You can now sign in
        </p>
        <ButtonLink to="/login" className="mt-6 w-full">
          Continue to login
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <Link to="/forgot-password" className="font-medium text-brand-700 underline">
          Need a new link?
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        {tokenFromUrl ? null : (
          <TextField
            label="Reset token"
            autoComplete="off"
            spellCheck={false}
            {...register('token')}
            hint="The 64-character code from the link in your email."
          />
        )}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          {...register('password')}
        />
        <ul aria-label="Password rules" className="space-y-1 text-sm">
          {rules.map((rule) => (
            <li
              key={rule.message}
              data-met={rule.met}
              className={`flex items-center gap-2 ${rule.met ? 'text-emerald-700' : 'text-slate-500'}`}
            >
              <span aria-hidden="true">{rule.met ? '✓' : '○'}</span>
              {rule.message}
              <span className="sr-only">{rule.met ? '(done)' : '(not yet)'}</span>
            </li>
          ))}
        </ul>
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          {...register('confirm')}
          error={confirm && !matches ? PASSWORDS_DO_NOT_MATCH : null}
        />
        <Button type="submit" className="w-full" disabled={!canSubmit}>
          {busy ? 'Updating…' : 'Update password'}
        </Button>
      </form>
    </AuthCard>
  );
}
