import { useMutation } from '@tanstack/react-query';
import { ApiError, messageFor } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';

export const RESEND_FAILED = 'Could not send a new link';

/** What the seller reads after asking for a new confirmation link. */
export function resendOutcome(
  state: { isSuccess: boolean; isError: boolean; error: unknown; data?: { sentTo?: string } },
  email: string,
): { tone: 'success' | 'error'; text: string } | null {
  if (state.isSuccess) {
    return {
      tone: 'success',
      text: `Sent! Check the inbox of ${state.data?.sentTo ?? email} (and the spam folder).`,
    };
  }
  if (!state.isError) return null;
  const { error } = state;
  if (error instanceof ApiError && error.status === 429 && error.retryAfter !== null) {
    return {
      tone: 'error',
      text: `A link was sent recently. You may need to wait ~${error.retryAfter}s before requesting another.`,
    };
  }
  return { tone: 'error', text: messageFor(error, RESEND_FAILED) };
}

/** Asks for a new confirmation link for the signed-in seller's address. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => callApi('POST /auth/verify-email/resend'),
  });
}
