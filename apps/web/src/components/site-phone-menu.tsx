import { Link, NavLink } from 'react-router';
import { PRODUCT_PATH } from '../route-meta.ts';
import { LEARN_LINKS } from './learn-menu.tsx';
import { SITE_LINKS, navLinkClass } from './site-links.ts';
import { Button, buttonClass } from './ui/index.ts';

/**
 * The site header's Menu below 768 px. Prerendered, it works without React through
 * site/header-menus.ts, which finds it by `data-site-menu="mobile"`.
 */
export function SitePhoneMenu({
  id,
  open,
  signedIn,
  onEscape,
  onLogout,
  loggingOut,
}: {
  id: string;
  open: boolean;
  signedIn: boolean;
  onEscape: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  return (
    <nav
      id={id}
      aria-label="Mobile"
      data-site-menu="mobile"
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onEscape();
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
        {signedIn ? (
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
                disabled={loggingOut}
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
  );
}
