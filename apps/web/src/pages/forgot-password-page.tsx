import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { callApiWithHeaders } from '../lib/call-api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { Button, TextField } from '../components/ui/index.ts';

export const FORGOT_CONFIRMATION = "If that email exists, we've sent a reset link.";

export interface ForgotOutcome {
  /** Seconds to wait before asking again, from Retry-After (any status, including 429). */
  retryAfter: number | null;
  /** Shown as 'Note: …' when the request failed. */
  note: string | null;
}

/** Whatever happens, the same neutral confirmation follows; only the extras differ. */
export async function requestResetLink(email: string): Promise<ForgotOutcome> {
  try {
    const { retryAfter } = await callApiWithHeaders('POST /pw/forgot', { body: { email } });
    return { retryAfter, note: null };
  } catch (error) {
    if (error instanceof ApiError) {
      return { retryAfter: error.retryAfter, note: error.serverMessage ?? 'Request failed' };
    }
    return { retryAfter: null, note: 'Request failed' };
  }
}

export default function ForgotPasswordPage() {
  // The browser itself asks for the address (the field is required and the form validates);
  // the form only gathers it and says when it is sending.
  const { register, handleSubmit, formState } = useForm({ defaultValues: { email: '' } });
  const sending = formState.isSubmitting;
  const [sent, setSent] = useState<ForgotOutcome | null>(null);

  const onSubmit = handleSubmit(async ({ email }) => {
    setSent(await requestResetLink(email));
  });

  const footer = (
    <Link to="/login" className="font-medium text-brand-700 underline">
      Return to login
    </Link>
  );

  if (sent) {
    return (
      <AuthCard title="Reset your password" footer={footer}>
        <div role="status" className="space-y-3 text-slate-700">
          <p>{FORGOT_CONFIRMATION}</p>
          {sent.retryAfter !== null ? (
            <p className="text-sm">
              You may need to wait ~{sent.retryAfter}s before requesting another.
            </p>
          ) : null}
          <p className="text-sm text-slate-500">
            The link works for 15 minutes. Can&apos;t find the email? Check your spam or junk
            folder.
          </p>
          {sent.note ? <p className="text-xs text-slate-500">Note: {sent.note}</p> : null}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
      footer={footer}
    >
      <form onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...register('email')}
          hint="Don't see the email after a few minutes? Check your spam folder."
        />
        <Button type="submit" className="w-full" disabled={sending}>
          {sending ? 'Sending…' : 'Send reset link'}
        </Button>
      </form>
    </AuthCard>
  );
}
