import { Button } from '../ui/index.ts';
import { APP_NAV, type AppNavItem } from './app-nav.ts';
import { NavItemLink } from './nav-item-link.tsx';
import { UsageMeter } from './usage-meter.tsx';

/** The app bar's Menu below 1024 px: the same pages, today's usage and Logout. */
export function AppPhoneMenu({
  id,
  open,
  current,
  onLogout,
  loggingOut,
}: {
  id: string;
  open: boolean;
  current: AppNavItem | undefined;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  return (
    <div
      id={id}
      hidden={!open}
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
      <Button variant="secondary" className="mt-4 w-full" onClick={onLogout} disabled={loggingOut}>
        Logout
      </Button>
    </div>
  );
}
