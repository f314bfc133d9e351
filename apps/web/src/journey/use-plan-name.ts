import { getPlan } from '@thankly/api-contract/catalog';
import { useSession } from '../lib/session.ts';

/** The signed-in seller's plan as the plan cards name it ("Starter"). */
export function usePlanName(): string {
  const session = useSession();
  return getPlan(session.status === 'authenticated' ? session.user.plan : 'free').name;
}
