// The site header's own pages, shared by its wide navigation and its phone menu.
export const SITE_LINKS = [
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
] as const;

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `focus-ring rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? 'text-brand-700' : 'text-slate-700 hover:text-slate-950'
  }`;
