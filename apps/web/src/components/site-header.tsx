// The marketing pages' header: logo, Features, Pricing, Contact and the Learn menu, and Log in or
// the way back to the app; under 768 px a Menu. Public pages are prerendered and run without React
// (site/header-menus.ts gives the menus their behaviour), so the markup here is their markup.
import { useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useSession } from '../lib/session.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { LearnMenu } from './learn-menu.tsx';
import { Logo } from './logo.tsx';
import { MenuToggleButton } from './menu-toggle-button.tsx';
import { SiteAuthActions } from './site-auth-actions.tsx';
import { SITE_LINKS, navLinkClass } from './site-links.ts';
import { SitePhoneMenu } from './site-phone-menu.tsx';
import { useLogoutToHome } from './use-logout-to-home.ts';

export function SiteHeader() {
  const hydrated = useHydrated();
  const session = useSession();
  // Prerendered HTML and the hydrating render show the visitor header; the session decides after.
  const user = hydrated ? session.user : null;
  const logout = useLogoutToHome();
  const { pathname } = useLocation();
  const [menuOpenFor, setMenuOpenFor] = useState<string | null>(null);
  const menuOpen = menuOpenFor === pathname;
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  const onLogout = () => {
    setMenuOpenFor(null);
    logout.mutate();
  };

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
        <div className="hidden items-center gap-2 md:flex">
          <SiteAuthActions
            signedIn={Boolean(user)}
            onLogout={onLogout}
            loggingOut={logout.isPending}
          />
        </div>
        <MenuToggleButton
          ref={menuButton}
          open={menuOpen}
          controls={menuId}
          onToggle={() => setMenuOpenFor(menuOpen ? null : pathname)}
          className="md:hidden"
        />
      </div>
      <SitePhoneMenu
        id={menuId}
        open={menuOpen}
        signedIn={Boolean(user)}
        onEscape={() => {
          setMenuOpenFor(null);
          menuButton.current?.focus();
        }}
        onLogout={onLogout}
        loggingOut={logout.isPending}
      />
    </header>
  );
}
