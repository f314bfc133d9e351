// /thankly/journey: the emails every order gets, in order. The thank-you at payment comes first,
// then the follow-up steps the seller adds, each with its moment, its template and its buyers.
import { Alert, Button, Container, PageHeader } from '../components/ui/index.ts';
import { messageFor } from '../lib/api.ts';
import { useTemplates } from '../dashboard/templates/template-queries.ts';
import { useShops } from '../dashboard/marketplace/marketplace-queries.ts';
import { JourneyForm } from './journey-form.tsx';
import { useJourney } from './journey-queries.ts';
import { JourneySkeleton } from './journey-skeleton.tsx';

export const JOURNEY_PAGE_TITLE = 'Journey';
export const JOURNEY_LOAD_FAILED = 'Could not load your journey.';

function JourneyHeader() {
  return (
    <PageHeader
      title={JOURNEY_PAGE_TITLE}
      lead="The emails every order gets, in order: your thank-you when it is paid, then the follow-ups you add here."
    />
  );
}

export default function JourneyPage() {
  const journey = useJourney();
  const templates = useTemplates();
  const shops = useShops();
  return (
    <Container className="py-10">
      <JourneyHeader />
      {journey.isPending || templates.isPending ? (
        <JourneySkeleton />
      ) : journey.isError ? (
        <div className="max-w-3xl space-y-4">
          <Alert>{messageFor(journey.error, JOURNEY_LOAD_FAILED)}</Alert>
          <Button variant="secondary" onClick={() => void journey.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <JourneyForm
          journey={journey.data}
          templates={templates.data ?? []}
          shops={shops.data ?? []}
        />
      )}
    </Container>
  );
}
