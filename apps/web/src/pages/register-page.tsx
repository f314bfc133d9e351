import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { User } from '@thankly/api-contract';
import { PASSWORD_MIN_LENGTH, PLANS, matchPlan, type PlanId } from '@thankly/api-contract/catalog';
import { ApiError } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';
import { useSetSessionUser } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { Alert, Button, SelectField, TextField } from '../components/ui/index.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';

export const FILL_ALL_FIELDS = 'Please fill out all fields.';

type Field = 'name' | 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;
const PLAN_OPTIONS = PLANS.map((p) => ({
  value: p.id,
  label: `${p.name} ($${p.priceMonthly}/mo)`,
}));

const FIELDS: readonly Field[] = ['name', 'email', 'password'];

/**
 * The server's own registration schema, loaded on first use so the page's first JavaScript stays
 * small: the first message per field, in the schema's words.
 */
export async function registrationErrors(input: Record<Field, string>): Promise<FieldErrors> {
  const { registerSchema } = await import('@thankly/api-contract');
  const result = registerSchema.safeParse(input);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = FIELDS.find((f) => f === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/** A missing field is said once, above the form (spec: 'Please fill out all fields.'). */
function fieldMessage(message: string | undefined): string | null {
  return message && message !== FILL_ALL_FIELDS ? message : null;
}

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
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [invalidFocusRef, focusFirstInvalid] = useFocusFirstInvalid();
  const setSessionUser = useSetSessionUser();
  const navigate = useNavigate();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = await registrationErrors({ name, email, password });
    const missing = Object.values(errors).includes(FILL_ALL_FIELDS);
    setFieldErrors(errors);
    setError(missing ? FILL_ALL_FIELDS : null);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    const planName = PLANS.find((p) => p.id === plan)?.name ?? 'Starter';
    let user: User;
    try {
      ({ user } = await callApi('POST /auth/register', {
        body: { name, email, password, plan: planName },
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
      const { url } = await callApi('POST /stripe/create-checkout-session', {
        body: { plan: planName },
      });
      window.location.assign(url);
    } catch {
      toast.error('Could not start checkout');
      navigate(PRODUCT_PATH);
    }
  };

  /** Typing in a field takes its error away; leaving the password field checks its rule. */
  const clearError = (field: Field) => setFieldErrors((e) => ({ ...e, [field]: undefined }));
  const checkPassword = async () => {
    if (!password) return;
    const { password: problem } = await registrationErrors({ name, email, password });
    setFieldErrors((e) => ({ ...e, password: problem }));
  };
  const passwordLongEnough = password.length >= PASSWORD_MIN_LENGTH;

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
      <form ref={invalidFocusRef} noValidate onSubmit={onSubmit} className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          aria-invalid={fieldErrors.name ? true : undefined}
          error={fieldMessage(fieldErrors.name)}
          onChange={(e) => {
            setName(e.target.value);
            clearError('name');
          }}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={fieldErrors.email ? true : undefined}
          error={fieldMessage(fieldErrors.email)}
          onChange={(e) => {
            setEmail(e.target.value);
            clearError('email');
          }}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          aria-invalid={fieldErrors.password ? true : undefined}
          error={fieldMessage(fieldErrors.password)}
          onChange={(e) => {
            setPassword(e.target.value);
            clearError('password');
          }}
          onBlur={() => void checkPassword()}
          // The error says the same rule; the live rule returns as the seller types.
          hint={
            fieldMessage(fieldErrors.password) ? null : (
              <span
                data-met={passwordLongEnough}
                className={passwordLongEnough ? 'text-emerald-700' : undefined}
              >
                <span aria-hidden="true">{passwordLongEnough ? '✓ ' : '○ '}</span>
                At least {PASSWORD_MIN_LENGTH} characters.
                <span className="sr-only">{passwordLongEnough ? ' (done)' : ' (not yet)'}</span>
              </span>
            )
          }
        />
        <SelectField
          label="Plan"
          name="plan"
          value={plan}
          options={PLAN_OPTIONS}
          hint={
            plan !== 'free'
              ? 'You will be taken to the payment page after your account is created.'
              : undefined
          }
          onChange={setChosenPlan}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}
