import { Link } from 'react-router';
import { PRODUCT_PATH } from '../route-meta.ts';
import { Button, ButtonLink } from './ui/index.ts';

/** Beside the wide navigation: App and Logout when signed in, Log in and Get Started if not. */
export function SiteAuthActions({
  signedIn,
  onLogout,
  loggingOut,
}: {
  signedIn: boolean;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  return signedIn ? (
    <>
      <ButtonLink to={PRODUCT_PATH} variant="secondary">
        App
      </ButtonLink>
      <Button variant="ghost" onClick={onLogout} disabled={loggingOut}>
        Logout
      </Button>
    </>
  ) : (
    <>
      <Link
        to="/login"
        className="focus-ring rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-950"
      >
        Log in
      </Link>
      <ButtonLink to="/register">Get Started</ButtonLink>
    </>
  );
}
