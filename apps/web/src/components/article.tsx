import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from './ui/index.ts';

/** Long-form layout for the Learn & Inspire guides: readable width, breadcrumb, closing call. */
export function Article({
  kicker,
  title,
  lead,
  children,
}: {
  kicker: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
        <Link to="/content-hub" className="focus-ring rounded underline">
          Learn &amp; Inspire
        </Link>{' '}
        / {kicker}
      </nav>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{lead}</p>
      <div className="prose-article mt-8 space-y-6 text-slate-700 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
      <aside className="mt-12 rounded-2xl bg-brand-50 p-6">
        <p className="font-semibold text-brand-900">Put it into practice</p>
        <p className="mt-1 text-sm text-slate-700">
          Create a free account and send your first branded thank-you email today.
        </p>
        <ButtonLink to="/register" className="mt-4">
          Get Started
        </ButtonLink>
      </aside>
    </article>
  );
}
