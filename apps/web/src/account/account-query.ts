// The signed-in seller's account (GET /me): read by the Account page and the dashboard's checklist.
import { useQuery } from '@tanstack/react-query';
import { meSchema, type Me } from '@thankly/api-contract';
import { api } from '../lib/api.ts';

export const ACCOUNT_KEY = ['account'] as const;

export async function fetchAccount(): Promise<Me> {
  return meSchema.parse(await api.get('/me'));
}

export function useAccount() {
  return useQuery({ queryKey: ACCOUNT_KEY, queryFn: fetchAccount, retry: false });
}
