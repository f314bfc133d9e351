import { Link } from 'react-router';
import { ButtonLink, Container } from '../components/ui.tsx';
import { PRODUCT_PATH } from '../route-meta.ts';

/** Placeholder: the template dashboard is built in its own issue. */
export default function DashboardPage() {
  return (
    <Container className="py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Your Thank-You Notes</h1>
        <ButtonLink to={`${PRODUCT_PATH}/create`}>New template</ButtonLink>
      </div>
      <p className="mt-6 text-slate-600">No templates yet. Create your first!</p>
      <p className="mt-6 text-sm">
        <Link to="/Account" className="font-medium text-brand-700 underline">
          Account
        </Link>
      </p>
    </Container>
  );
}
