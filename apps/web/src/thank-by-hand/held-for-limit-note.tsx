// Cards count against the daily limit as emails do: the orders past it wait for tomorrow's batch.
import { Link } from 'react-router';
import type { CardBatch } from '@thankly/api-contract';
import { UPGRADE_PATH } from '../components/app-shell/app-nav.ts';

export function heldText({ heldForLimit, remainingToday }: CardBatch): string {
  const wait = `${heldForLimit} more wait for tomorrow`;
  return remainingToday === null
    ? `${wait}.`
    : `${wait}: today's daily limit has room for ${remainingToday} more.`;
}

export function HeldForLimitNote({ batch }: { batch: CardBatch }) {
  if (batch.heldForLimit <= 0) return null;
  return (
    <p
      role="note"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      {heldText(batch)}{' '}
      <Link to={UPGRADE_PATH} className="focus-ring font-semibold underline">
        Upgrade your plan
      </Link>{' '}
      to print more a day.
    </p>
  );
}
