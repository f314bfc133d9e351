// The signed-in product's own frame: an app bar with Templates, Shops, Orders, Brand, Account & billing,
// the plan with today's usage and Logout; on phones a compact bar whose Menu opens the same links.
// Marketing pages keep the site header and footer (see app.tsx).
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLogout, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { PRODUCT_PATH } from '../../route-meta.ts';
import { MenuToggleButton } from '../menu-toggle-button.tsx';
import { LOGOUT_MESSAGE } from '../site-header.tsx';
import { Button } from '../ui/index.ts';
import { VerifyEmailBanner } from '../verify-email-banner.tsx';
import { APP_NAV, currentNavItem, hrefOf, type AppNavItem } from './app-nav.ts';
import { UsageMeter } from './usage-meter.tsx';
import { useScrollToAnchor } from './use-scroll-to-anchor.ts';

function AppLogo() {
  return (
    <Link
      to={PRODUCT_PATH}
      className="focus-ring flex shrink-0 items-center gap-2 rounded-md text-lg font-bold"
    >
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

function NavItemLink({
  item,
  current,
  layout,
}: {
  item: AppNavItem;
  current: boolean;
  layout: 'bar' | 'menu';
}) {
  const shape =
    layout === 'bar'
      ? // The bar marks the current page with a brand underline along the bar's bottom edge.
        `relative inline-flex h-16 items-center px-2.5 after:absolute after:inset-x-2.5 after:bottom-0 after:h-0.5 after:rounded-full ${current ? 'after:bg-brand-600' : 'after:bg-transparent'}`
      : `flex items-center rounded-lg px-3 py-2.5 ${current ? 'bg-brand-50' : ''}`;
  return (
    <Link
      to={hrefOf(item)}
      aria-current={current ? 'page' : undefined}
      className={`focus-ring text-sm font-medium whitespace-nowrap ${shape} ${
        current ? 'font-semibold text-brand-700' : 'text-slate-700 hover:text-slate-950'
      }`}
    >
      {/* In the bar the icons need the room of an xl screen; the phone menu always has it. */}
      <item.icon
        aria-hidden="true"
        className={`mr-2 h-5 w-5 shrink-0 ${layout === 'bar' ? 'hidden xl:block' : ''}`}
      />
      {item.label}
    </Link>
  );
}

function AppBar() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const current = currentNavItem(location.pathname, location.hash);
  const logout = useLogout(() => {
    navigate('/');
    toast.success(LOGOUT_MESSAGE);
  });
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
        <AppLogo />
        {signedIn ? (
          <>
            <nav aria-label="App" className="ml-4 hidden items-center lg:flex">
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
        <div
          id={menuId}
          hidden={!menuOpen}
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pt-3 pb-4 lg:hidden"
        >
          <nav aria-label="App menu">
            <ul className="flex flex-col gap-1">
              {APP_NAV.map((item) => (
                <li key={item.label}>
                  <NavItemLink item={item} current={item === current} layout="menu" />
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-3 border-t border-slate-200 pt-3">
            <UsageMeter />
          </div>
          <Button
            variant="secondary"
            className="mt-4 w-full"
            onClick={onLogout}
            disabled={logout.isPending}
          >
            Logout
          </Button>
        </div>
      ) : null}
    </header>
  );
}

export function AppShell({ children }: { children: ReactNode }) {
  useScrollToAnchor();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50/60">
      <AppBar />
      <VerifyEmailBanner />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
    </div>
  );
}
