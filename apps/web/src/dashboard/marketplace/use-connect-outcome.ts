import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CONNECT_MESSAGES, connectErrorText } from '@thankly/api-contract/catalog';
import { toast } from '../../lib/toast.ts';
import { marketplaceKeys } from './marketplace-queries.ts';

/**
 * A marketplace's callback lands on the dashboard with ?connected= or ?connect_error=: said once
 * as a toast, then dropped from the address. Only Thankly's own messages are shown as they are,
 * since anyone can send a seller a link with words of their own in it.
 */
export function useConnectOutcome() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const shown = useRef<string | null>(null);
  const connected = params.get('connected');
  const failure = params.get('connect_error');
  useEffect(() => {
    if (connected === null && failure === null) return;
    const key = `${connected}|${failure}`;
    if (shown.current === key) return;
    shown.current = key;
    if (failure !== null) toast.error(connectErrorText(failure));
    else {
      toast.success(CONNECT_MESSAGES.connected);
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.shops });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connected');
        next.delete('connect_error');
        return next;
      },
      { replace: true },
    );
  }, [connected, failure, setParams, queryClient]);
}
