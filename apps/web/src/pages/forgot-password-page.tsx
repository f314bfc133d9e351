import { useState, type FormEvent } from 'react';
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

type State = { kind: 'idle' } | { kind: 'sending' } | ({ kind: 'sent' } & ForgotOutcome);

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ kind: 'sending' });
    const outcome = await requestResetLink(email);
    setState({ kind: 'sent', ...outcome });
  };

  const footer = (
    <Link to="/login" className="font-medium text-brand-700 underline">
      Return to login
    </Link>
  );

  if (state.kind === 'sent') {
    return (
      <AuthCard title="Reset your password" footer={footer}>
        <div role="status" className="space-y-3 text-slate-700">
          <p>{FORGOT_CONFIRMATION}</p>
          {state.retryAfter !== null ? (
            <p className="text-sm">
              You may need to wait ~{state.retryAfter}s before requesting another.
            </p>
          ) : null}
          <p className="text-sm text-slate-500">
            The link works for 15 minutes. Can&apos;t find the email? Check your spam or junk
            folder.
          </p>
          {state.note ? <p className="text-xs text-slate-500">Note: {state.note}</p> : null}
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
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          hint="Don't see the email after a few minutes? Check your spam folder."
        />
        <Button type="submit" className="w-full" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Sending…' : 'Send reset link'}
        </Button>
      </form>
    </AuthCard>
  );
}
