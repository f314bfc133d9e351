import { Link } from 'react-router';
import { Card } from '../components/ui/index.ts';

export function HelpCard() {
  return (
    <Card aria-labelledby="help-heading">
      <h2 id="help-heading" className="text-lg font-semibold">
        Need help
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        <li>
          <Link to="/contact" className="font-medium text-brand-700 underline">
            Contact support
          </Link>
        </li>
        <li>
          <Link to="/docs/billing" className="font-medium text-brand-700 underline">
            Billing help
          </Link>
        </li>
      </ul>
    </Card>
  );
}
