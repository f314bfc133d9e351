import { Link } from 'react-router';
import { Container, PageHeader } from '../components/ui/index.ts';

const GUIDES = [
  {
    to: '/thank-you-messages-vs-emails',
    tag: 'Strategy',
    title: 'Thank-you messages vs branded thank-you emails',
    text: 'Why a plain marketplace message gets skimmed, what a branded email adds, and when each one is the right tool.',
    minutes: 6,
  },
  {
    to: '/template-inspiration',
    tag: 'Inspiration',
    title: 'Template inspiration for every kind of shop',
    text: 'Six thank-you emails you can adapt: handmade, vintage, digital downloads, print on demand, repeat buyers and the holidays.',
    minutes: 5,
  },
  {
    to: '/editor-tips',
    tag: 'How-to',
    title: 'Editor tips: build a better thank-you email',
    text: 'Tokens, columns, buttons that get clicked, images that load, and checking mobile and dark mode before you send.',
    minutes: 4,
  },
] as const;

export default function ContentHubPage() {
  return (
    <Container className="py-12 sm:py-16">
      <PageHeader
        title="Learn & Inspire"
        lead="Short, practical guides for sellers who want every buyer to feel thanked and come back."
      />
      <ul className="grid gap-6 md:grid-cols-3">
        {GUIDES.map((guide) => (
          <li key={guide.to}>
            <Link
              to={guide.to}
              className="focus-ring flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-600 hover:shadow-md"
            >
              <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
                {guide.tag}
              </span>
              <h2 className="mt-2 text-lg font-semibold text-slate-900">{guide.title}</h2>
              <p className="mt-2 flex-1 text-slate-600">{guide.text}</p>
              <span className="mt-4 text-sm text-slate-500">{guide.minutes} min read</span>
            </Link>
          </li>
        ))}
      </ul>
    </Container>
  );
}
