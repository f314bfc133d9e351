import { Link } from 'react-router';
import { hrefOf, type AppNavItem } from './app-nav.ts';

/** One page of the app: in the bar on wide screens, or a row of the phone menu. */
export function NavItemLink({
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
        `relative inline-flex h-16 items-center px-2 after:absolute after:inset-x-2 after:bottom-0 after:h-0.5 after:rounded-full ${current ? 'after:bg-brand-600' : 'after:bg-transparent'}`
      : `flex items-center rounded-lg px-3 py-2.5 ${current ? 'bg-brand-50' : ''}`;
  return (
    <Link
      to={hrefOf(item)}
      aria-current={current ? 'page' : undefined}
      className={`focus-ring text-sm font-medium whitespace-nowrap ${shape} ${
        current ? 'font-semibold text-brand-700' : 'text-slate-700 hover:text-slate-950'
      }`}
    >
      {/* In the bar the icons need a 2xl screen: at xl they pushed the bar past the page's content. */}
      <item.icon
        aria-hidden="true"
        className={`mr-2 h-5 w-5 shrink-0 ${layout === 'bar' ? 'hidden 2xl:block' : ''}`}
      />
      {item.label}
    </Link>
  );
}
