import { Link } from 'react-router';
import { ButtonLink, Card, Container } from '../components/ui/index.ts';

/** Where the payment page sends the seller back when they leave without paying. */
export default function BillingCancelPage() {
  return (
    <Container className="py-12 sm:py-16">
      <Card className="mx-auto max-w-xl text-center">
        <h1 className="text-3xl font-bold tracking-tight">Checkout cancelled</h1>
        <p className="mt-4 text-slate-700">
          You have not been charged and your plan has not changed. You can choose a plan again from
          your account at any time.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/Account">Back to your account</ButtonLink>
        </div>
        <p className="mt-6 text-sm text-slate-600">
          Questions about plans or payments? Read{' '}
          <Link to="/docs/billing" className="font-medium text-brand-700 underline">
            how billing works
          </Link>{' '}
          or{' '}
          <Link to="/contact" className="font-medium text-brand-700 underline">
            contact us
          </Link>
          .
        </p>
      </Card>
    </Container>
  );
}
