import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '@thankly/api-contract';
import { PLANS, type PlanId } from '@thankly/api-contract/catalog';
import { callApi } from '../lib/call-api.ts';
import { useSetSessionUser } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { registrationErrorMessage } from './registration-errors.ts';

/**
 * Creates the account and signs the seller in; a paid plan then goes on to the payment page (the
 * checkout path under the payment provider's prefix, spec section 7), and the account works on
 * Starter until it is paid.
 */
export function useCreateAccount() {
  const [busy, setBusy] = useState(false);
  const setSessionUser = useSetSessionUser();
  const navigate = useNavigate();

  const createAccount = async (
    fields: { name: string; email: string; password: string },
    plan: PlanId,
  ) => {
    setBusy(true);
    const planName = PLANS.find((p) => p.id === plan)?.name ?? 'Starter';
    let user: User;
    try {
      // The browser's zone becomes the seller's clock (changeable on Account); the server turns
      // one it does not know into UTC.
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      ({ user } = await callApi('POST /auth/register', {
        body: { ...fields, plan: planName, timeZone },
      }));
    } catch (err) {
      setBusy(false);
      toast.error(registrationErrorMessage(err));
      return;
    }
    setSessionUser(user);
    toast.success(`Success! Welcome aboard ${user.name}!`);
    if (plan === 'free') {
      navigate(PRODUCT_PATH);
      return;
    }
    try {
      const { url } = await callApi('POST /stripe/create-checkout-session', {
        body: { plan: planName },
      });
      window.location.assign(url);
    } catch {
      toast.error('Could not start checkout');
      navigate(PRODUCT_PATH);
    }
  };

  return { busy, createAccount };
}
