import { Link } from 'react-router';

const COLUMNS = [
  {
    title: 'Product',
    links: [
      { to: '/features', label: 'Features' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/register', label: 'Get Started' },
    ],
  },
  {
    title: 'Learn & Inspire',
    links: [
      { to: '/content-hub', label: 'All guides' },
      { to: '/thank-you-messages-vs-emails', label: 'Messages vs Emails' },
      { to: '/template-inspiration', label: 'Template inspiration' },
      { to: '/editor-tips', label: 'Editor tips' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/contact', label: 'Contact us' },
      { to: '/forgot-password', label: 'Reset your password' },
    ],
  },
] as const;

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 md:grid-cols-4">
        <div>
          <p className="text-lg font-bold">Thankly</p>
          <p className="mt-2 text-sm text-slate-600">
            Branded thank-you emails for the buyers of small online shops, sent the moment an order
            is paid.
          </p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold text-slate-900">{col.title}</h2>
            <ul className="mt-3 space-y-2">
              {col.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="focus-ring rounded text-sm text-slate-600 hover:text-slate-900"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="pb-8 text-center text-xs text-slate-500">
        © Thankly. Made for makers who say thank you.
      </p>
    </footer>
  );
}
