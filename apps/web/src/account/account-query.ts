// The signed-in seller's account (GET /me): read by the Account page and the dashboard's checklist.
import { useQuery } from '@tanstack/react-query';
import type { Me } from '@thankly/api-contract';
import { callApi } from '../lib/call-api.ts';

export const ACCOUNT_KEY = ['account'] as const;

export function fetchAccount(): Promise<Me> {
  return callApi('GET /me');
}

export function useAccount() {
  return useQuery({ queryKey: ACCOUNT_KEY, queryFn: fetchAccount, retry: false });
}
