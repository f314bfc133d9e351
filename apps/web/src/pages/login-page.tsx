import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { callApi } from '../lib/call-api.ts';
import { useSetSessionUser } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';
import { PRODUCT_PATH } from '../route-meta.ts';
import { isServerCallback, returnPathFrom } from '../components/require-auth.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { browserNavigation } from '../dashboard/marketplace/browser-navigation.ts';
import { Button, TextField } from '../components/ui/index.ts';

export const LOGIN_FAILED = 'Failed to log in.';

export default function LoginPage() {
  // No checks before sending: the server answers a wrong address or password with one refusal,
  // so the form only gathers the two fields and says when it is busy.
  const { register, handleSubmit, setError, formState } = useForm({
    defaultValues: { email: '', password: '' },
  });
  // Busy from sending until the page has moved on. A refusal is recorded as the form's root error
  // (shown as a toast), so the submit does not count as successful and the button is usable again.
  const busy = formState.isSubmitting || formState.isSubmitSuccessful;
  const setSessionUser = useSetSessionUser();
  const navigate = useNavigate();
  const location = useLocation();

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      const { user } = await callApi('POST /auth/login', { body: { email, password } });
      setSessionUser(user);
      toast.success('Success! Welcome back!');
      const target = returnPathFrom(location.state, PRODUCT_PATH, location.search);
      // A shop connection waiting for this sign-in resumes at the server's callback.
      if (isServerCallback(target)) browserNavigation.assign(target);
      else navigate(target, { replace: true });
    } catch {
      toast.error(LOGIN_FAILED);
      setError('root', { message: LOGIN_FAILED });
    }
  });

  return (
    <AuthCard
      title="Log in"
      lead="Welcome back. Your thank-you notes are waiting."
      footer={
        <>
          New to Thankly?{' '}
          <Link to="/register" className="font-medium text-brand-700 underline">
            Get Started
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField label="Email" type="email" autoComplete="email" {...register('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...register('password')}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-medium text-brand-700 underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
    </AuthCard>
  );
}
