// The app's header: logo, the pages, today's usage and Logout; under 1024 px a compact bar whose
// Menu opens the same links.
import { useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { PRODUCT_PATH } from '../../route-meta.ts';
import { MenuToggleButton } from '../menu-toggle-button.tsx';
import { Button } from '../ui/index.ts';
import { useLogoutToHome } from '../use-logout-to-home.ts';
import { APP_NAV, currentNavItem } from './app-nav.ts';
import { Logo } from '../logo.tsx';
import { AppPhoneMenu } from './app-phone-menu.tsx';
import { NavItemLink } from './nav-item-link.tsx';
import { UsageMeter } from './usage-meter.tsx';

export function AppBar() {
  const session = useSession();
  const location = useLocation();
  const current = currentNavItem(location.pathname, location.hash);
  const logout = useLogoutToHome();
  // Any navigation (a link in the menu, back, an anchor) closes the phone menu.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.key;
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const signedIn = session.status === 'authenticated';

  const onLogout = () => {
    setMenuOpenAt(null);
    logout.mutate();
  };

  return (
    <header
      // Escape closes the phone menu from its button as well as from inside it.
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menuOpen) {
          setMenuOpenAt(null);
          menuButton.current?.focus();
        }
      }}
      className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur"
    >
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Logo to={PRODUCT_PATH} className="shrink-0" />
        {signedIn ? (
          <>
            <nav aria-label="App" className="ml-2 hidden items-center lg:flex">
              {APP_NAV.map((item) => (
                <NavItemLink key={item.label} item={item} current={item === current} layout="bar" />
              ))}
            </nav>
            <div className="ml-auto flex items-center gap-3">
              <div className="hidden lg:block">
                <UsageMeter />
              </div>
              <div className="lg:hidden">
                <UsageMeter compact />
              </div>
              {/* A wrapper hides it: the button's own display class would win over `hidden`. */}
              <div className="hidden lg:block">
                <Button variant="ghost" onClick={onLogout} disabled={logout.isPending}>
                  Logout
                </Button>
              </div>
              <MenuToggleButton
                ref={menuButton}
                open={menuOpen}
                controls={menuId}
                onToggle={() => setMenuOpenAt(menuOpen ? null : location.key)}
                className="lg:hidden"
              />
            </div>
          </>
        ) : null}
      </div>
      {signedIn ? (
        <AppPhoneMenu
          id={menuId}
          open={menuOpen}
          current={current}
          onLogout={onLogout}
          loggingOut={logout.isPending}
        />
      ) : null}
    </header>
  );
}
