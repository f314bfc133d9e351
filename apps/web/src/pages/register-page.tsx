import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PLANS, matchPlan, type PlanId } from '@thankly/api-contract/catalog';
import { useHydrated } from '../lib/use-hydrated.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { Alert, Button, SelectField, TextField } from '../components/ui/index.ts';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid.ts';
import { PasswordRuleHint } from '../registration/password-rule-hint.tsx';
import {
  FILL_ALL_FIELDS,
  type RegistrationErrors,
  type RegistrationField,
  fieldMessage,
  registrationErrors,
} from '../registration/registration-errors.ts';
import { useCreateAccount } from '../registration/use-create-account.ts';

const PLAN_OPTIONS = PLANS.map((p) => ({
  value: p.id,
  label: `${p.name} ($${p.priceMonthly}/mo)`,
}));

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
  const [fieldErrors, setFieldErrors] = useState<RegistrationErrors>({});
  const { busy, createAccount } = useCreateAccount();
  const [invalidFocusRef, focusFirstInvalid] = useFocusFirstInvalid();

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
    await createAccount({ name, email, password }, plan);
  };

  /** Typing in a field takes its error away; leaving the password field checks its rule. */
  const clearError = (field: RegistrationField) =>
    setFieldErrors((e) => ({ ...e, [field]: undefined }));
  const checkPassword = async () => {
    if (!password) return;
    const { password: problem } = await registrationErrors({ name, email, password });
    setFieldErrors((e) => ({ ...e, password: problem }));
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
            fieldMessage(fieldErrors.password) ? null : <PasswordRuleHint password={password} />
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
