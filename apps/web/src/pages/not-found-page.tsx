import { useLocation } from 'react-router';
import { ButtonLink, Container } from '../components/ui/index.ts';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Container className="py-20 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-slate-600">
        We could not find <code className="break-all">{pathname}</code>. It may have moved, or the
        link may be mistyped.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/">Go to the home page</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          Contact support
        </ButtonLink>
      </div>
    </Container>
  );
}
