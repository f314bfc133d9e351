import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { User } from '@thankly/api-contract';
import { PLANS, matchPlan, type PlanId } from '@thankly/api-contract/catalog';
import { ApiError, api } from '../lib/api.ts';
import { useSetSessionUser } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { Alert, Button, TextField } from '../components/ui.tsx';

export const FILL_ALL_FIELDS = 'Please fill out all fields.';

export function registrationErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage
    ? `Error: ${error.serverMessage}`
    : 'Registration failed';
}

export default function RegisterPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  // The prerendered page cannot know ?plan=, so the query is read once hydrated; a choice in the
  // select then wins over it.
  const planFromUrl: PlanId = hydrated ? matchPlan(params.get('plan')) : 'free';
  const [chosenPlan, setChosenPlan] = useState<PlanId | null>(null);
  const plan = chosenPlan ?? planFromUrl;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setSessionUser = useSetSessionUser();
  const navigate = useNavigate();
  const planId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !email.trim() || !password) {
      setError(FILL_ALL_FIELDS);
      return;
    }
    setError(null);
    setBusy(true);
    const planName = PLANS.find((p) => p.id === plan)?.name ?? 'Starter';
    let user: User;
    try {
      ({ user } = await api.post<{ user: User }>('/auth/register', {
        name,
        email,
        password,
        plan: planName,
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
    // Paid plans go to the payment page first (the checkout path under the payment provider's
    // prefix, spec section 7); the account works on Starter until it is paid.
    try {
      const { url } = await api.post<{ url: string }>('/stripe/create-checkout-session', {
        plan: planName,
      });
      window.location.assign(url);
    } catch {
      toast.error('Could not start checkout');
      navigate(PRODUCT_PATH);
    }
  };

  return (
    <AuthCard
      title="Create your account"
      lead="Start sending branded thank-you emails to your buyers."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-brand-700 underline">
            Log in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint="At least 8 characters."
        />
        <div>
          <label htmlFor={planId} className="mb-1 block text-sm font-medium text-slate-800">
            Plan
          </label>
          <select
            id={planId}
            name="plan"
            value={plan}
            onChange={(e) => setChosenPlan(e.target.value as PlanId)}
            className="focus-ring block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm"
          >
            {PLANS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} (${p.priceMonthly}/mo)
              </option>
            ))}
          </select>
          {plan !== 'free' ? (
            <p className="mt-1 text-xs text-slate-500">
              You will be taken to the payment page after your account is created.
            </p>
          ) : null}
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}
