// The contract's zod schemas (zod alone is about 25 KB gzipped) load when a form or a read first
// needs them, not with the page: the app's pages paint with the contract's plain constants only.
import { useEffect } from 'react';
import type * as ContractModule from '@thankly/api-contract';
import type * as EndpointsModule from '@thankly/api-contract/endpoints';
import { whenIdle } from './when-idle.ts';

export type Contract = typeof ContractModule;

export function loadContract(): Promise<Contract> {
  return import('@thankly/api-contract');
}

/** The endpoints registry (with the schemas it uses), for callApi. */
export function loadEndpoints(): Promise<typeof EndpointsModule> {
  return import('@thankly/api-contract/endpoints');
}

/** Fetches the schemas once the browser is idle, so a form's first submit does not wait for them. */
export function usePreloadedContract(): void {
  useEffect(
    () =>
      whenIdle(() => {
        loadContract().catch(() => {});
        loadEndpoints().catch(() => {});
      }),
    [],
  );
}
