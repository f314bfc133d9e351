// The signed-in seller's account (GET /me): read by the Account page and the dashboard's checklist.
import { useQuery } from '@tanstack/react-query';
import type { Me } from '@thankly/api-contract';
import { api } from '../lib/api.ts';
import { loadContract } from '../lib/load-contract.ts';

export const ACCOUNT_KEY = ['account'] as const;

export async function fetchAccount(): Promise<Me> {
  const [{ meSchema }, me] = await Promise.all([loadContract(), api.get('/me')]);
  return meSchema.parse(me);
}

export function useAccount() {
  return useQuery({ queryKey: ACCOUNT_KEY, queryFn: fetchAccount, retry: false });
}
