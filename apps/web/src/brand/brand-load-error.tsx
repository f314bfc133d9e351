import { Alert, Button, Container, PageHeader } from '../components/ui/index.ts';
import { messageFor } from '../lib/api.ts';
import { BRAND_MESSAGES } from './brand-form.ts';

export function BrandLoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Container className="py-10">
      <PageHeader title={title} />
      <div className="space-y-4">
        <Alert>{messageFor(error, BRAND_MESSAGES.loadFailed)}</Alert>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Container>
  );
}
