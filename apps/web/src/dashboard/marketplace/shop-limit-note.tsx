import { Link } from 'react-router';
import { getPlan } from '@thankly/api-contract/catalog';
import { useSession } from '../../lib/session.ts';

/** Shown once the seller's connected shops fill their plan; the server refuses one more. */
export function ShopLimitNote({ connected }: { connected: number }) {
  const session = useSession();
  if (!session.user) return null;
  const plan = getPlan(session.user.plan);
  if (connected < plan.shopLimit) return null;
  const shops = plan.shopLimit === 1 ? '1 shop' : `${plan.shopLimit} shops`;
  return (
    <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900" role="note">
      You have connected {shops}, all your {plan.name} plan allows.{' '}
      <Link to="/Account" className="font-medium underline">
        Upgrade your plan
      </Link>{' '}
      to connect more, or disconnect a shop first. Reconnecting a shop you have is always fine.
    </p>
  );
}
