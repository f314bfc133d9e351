import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { PLANS, matchPlan, type PlanId } from '@thankly/api-contract/catalog';
import { useHydrated } from '../lib/use-hydrated.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { Alert, Button, SelectField, TextField } from '../components/ui/index.ts';
import { PasswordRuleHint } from '../registration/password-rule-hint.tsx';
import {
  FILL_ALL_FIELDS,
  type RegistrationField,
  fieldMessage,
} from '../registration/registration-errors.ts';
import { useCreateAccount } from '../registration/use-create-account.ts';

type RegistrationFields = Record<RegistrationField, string>;

/**
 * The server's own registration schema (its first message per field, in its words), loaded on
 * first use so the page's first JavaScript stays small. The fields are sent as typed: the server
 * trims them itself.
 */
const registrationResolver: Resolver<RegistrationFields> = async (values, context, options) => {
  const { registerSchema } = await import('@thankly/api-contract');
  const fields = registerSchema.pick({ name: true, email: true, password: true });
  return zodResolver(fields, undefined, { raw: true })(values, context, options);
};

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
  const { busy, createAccount } = useCreateAccount();
  // Checked on sending (the first invalid field then takes the focus), and the password again when
  // the seller leaves it; typing in a field takes its error away until the next check.
  const { register, handleSubmit, setError, clearErrors, trigger, control, formState } =
    useForm<RegistrationFields>({
      defaultValues: { name: '', email: '', password: '' },
      resolver: registrationResolver,
      reValidateMode: 'onSubmit',
    });
  const { errors } = formState;
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(
    (fields) => createAccount(fields, plan),
    // A missing field is said once, above the form, rather than at each field.
    (invalid) => {
      if (Object.values(invalid).some((e) => e?.message === FILL_ALL_FIELDS))
        setError('root', { message: FILL_ALL_FIELDS });
    },
  );

  const field = (name: RegistrationField) => {
    const registered = register(name, { onChange: () => clearErrors(name) });
    const message = errors[name]?.message;
    return {
      ...registered,
      'aria-invalid': message ? true : undefined,
      error: fieldMessage(message),
    };
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
        {errors.root?.message ? <Alert>{errors.root.message}</Alert> : null}
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          {...field('password')}
          onBlur={() => {
            if (password) void trigger('password');
          }}
          // The error says the same rule; the live rule returns as the seller types.
          hint={
            fieldMessage(errors.password?.message) ? null : <PasswordRuleHint password={password} />
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
