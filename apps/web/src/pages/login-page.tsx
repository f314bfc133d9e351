import { useState, type FormEvent } from 'react';
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const setSessionUser = useSetSessionUser();
  const navigate = useNavigate();
  const location = useLocation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { user } = await callApi('POST /auth/login', { body: { email, password } });
      setSessionUser(user);
      toast.success('Success! Welcome back!');
      const target = returnPathFrom(location.state, PRODUCT_PATH, location.search);
      // A shop connection waiting for this sign-in resumes at the server's callback.
      if (isServerCallback(target)) browserNavigation.assign(target);
      else navigate(target, { replace: true });
    } catch {
      setBusy(false);
      toast.error(LOGIN_FAILED);
    }
  };

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
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
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
