import { Link } from 'react-router';
import { Container } from '../components/ui.tsx';
import { PRODUCT_PATH } from '../route-meta.ts';

/** Placeholder: the template editor is built in its own issue. */
export default function EditorPage() {
  return (
    <Container className="py-10">
      <Link to={PRODUCT_PATH} className="text-sm font-medium text-brand-700 underline">
        Back
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Create template</h1>
    </Container>
  );
}
