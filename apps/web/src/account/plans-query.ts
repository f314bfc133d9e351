// The plans as the server lists them (prices may differ from the built-in catalogue), and a plan's
// name from either.
import { getPlan, type PlanId } from '@thankly/api-contract/catalog';
import type { PlanOffer as Plan } from '@thankly/api-contract/endpoints';
import { callApi } from '../lib/call-api.ts';

export const PLANS_KEY = ['plans'] as const;

export async function fetchPlans(): Promise<Plan[]> {
  const { plans } = await callApi('GET /plans');
  return plans;
}

export function planName(id: PlanId, plans: readonly Plan[]): string {
  return plans.find((p) => p.id === id)?.name ?? getPlan(id).name;
}
