import { Link } from 'react-router';

/** Thankly's mark and name, linking home: the site's home page, or the app's for the app bar. */
export function Logo({ to = '/', className = '' }: { to?: string; className?: string }) {
  return (
    <Link
      to={to}
      className={`focus-ring flex items-center gap-2 rounded-md text-lg font-bold ${className}`.trim()}
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
