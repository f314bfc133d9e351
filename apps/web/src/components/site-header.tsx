import { useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { PRODUCT_PATH } from '../route-meta.ts';
import { useLogout, useSession } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { LEARN_LINKS, LearnMenu } from './learn-menu.tsx';
import { MenuToggleButton } from './menu-toggle-button.tsx';
import { Button, ButtonLink, buttonClass } from './ui/index.ts';

export const LOGOUT_MESSAGE = 'Successfully logged out. See you again soon!';

const SITE_LINKS = [
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `focus-ring rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'text-brand-700' : 'text-slate-700 hover:text-slate-950'
  }`;

export function Logo() {
  return (
    <Link to="/" className="focus-ring flex items-center gap-2 rounded-md text-lg font-bold">
      <span
        aria-hidden="true"
        className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-white"
      >
        T
      </span>
      <span>Thankly</span>
    </Link>
  );
}

export function SiteHeader() {
  const hydrated = useHydrated();
  const session = useSession();
  // Prerendered HTML and the hydrating render show the visitor header; the session decides after.
  const user = hydrated ? session.user : null;
  const navigate = useNavigate();
  const logout = useLogout(() => {
    navigate('/');
    toast.success(LOGOUT_MESSAGE);
  });
  const { pathname } = useLocation();
  const [menuOpenFor, setMenuOpenFor] = useState<string | null>(null);
  const menuOpen = menuOpenFor === pathname;
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  const onLogout = () => {
    setMenuOpenFor(null);
    logout.mutate();
  };

  const authActions = user ? (
    <>
      <ButtonLink to={PRODUCT_PATH} variant="secondary">
        App
      </ButtonLink>
      <Button variant="ghost" onClick={onLogout} disabled={logout.isPending}>
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

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {SITE_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          <LearnMenu />
        </nav>
        <div className="hidden items-center gap-2 md:flex">{authActions}</div>
        <MenuToggleButton
          ref={menuButton}
          open={menuOpen}
          controls={menuId}
          onToggle={() => setMenuOpenFor(menuOpen ? null : pathname)}
          className="md:hidden"
        />
      </div>
      <nav
        id={menuId}
        aria-label="Mobile"
        data-site-menu="mobile"
        hidden={!menuOpen}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setMenuOpenFor(null);
            menuButton.current?.focus();
          }
        }}
        className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden"
      >
        <ul className="flex flex-col gap-1">
          {[...SITE_LINKS, ...LEARN_LINKS].map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={(s) => `${navLinkClass(s)} block`}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {user ? (
            <>
              <li>
                <NavLink to={PRODUCT_PATH} end className={(s) => `${navLinkClass(s)} block`}>
                  App
                </NavLink>
              </li>
              <li>
                <NavLink to="/Account" className={(s) => `${navLinkClass(s)} block`}>
                  Account
                </NavLink>
              </li>
              <li className="mt-2">
                <Button
                  variant="secondary"
                  className="w-full"
                  onClick={onLogout}
                  disabled={logout.isPending}
                >
                  Logout
                </Button>
              </li>
            </>
          ) : (
            <>
              <li>
                <NavLink to="/login" className={(s) => `${navLinkClass(s)} block`}>
                  Log in
                </NavLink>
              </li>
              <li className="mt-2">
                <Link to="/register" className={buttonClass('primary', 'w-full')}>
                  Get Started
                </Link>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}
