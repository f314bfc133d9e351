// The seller's sending domains and delivery health, as the server answers them: one cache entry
// for the domain list, which every change writes back into, so the section never shows stale records.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddSendingDomain,
  DeliveryHealth,
  SendingDomain,
  SendingDomainsReply,
} from '@thankly/api-contract';
import { retryServerErrors } from '../lib/api.ts';
import { callApi } from '../lib/call-api.ts';

export const deliverabilityKeys = {
  domains: ['sending-domains'] as const,
  health: ['deliverability', 'health'] as const,
};

export function useSendingDomains() {
  return useQuery({
    queryKey: deliverabilityKeys.domains,
    queryFn: (): Promise<SendingDomainsReply> => callApi('GET /sending-domains'),
    retry: retryServerErrors,
  });
}

export function useDeliveryHealth() {
  return useQuery({
    queryKey: deliverabilityKeys.health,
    queryFn: (): Promise<DeliveryHealth> => callApi('GET /deliverability/health'),
    retry: retryServerErrors,
  });
}

/** Puts the server's copy of one domain into the list (added at the end when it is new). */
function useStoreDomain() {
  const client = useQueryClient();
  return (domain: SendingDomain) =>
    client.setQueryData<SendingDomainsReply>(deliverabilityKeys.domains, (reply) => {
      if (!reply) return reply;
      const known = reply.domains.some((d) => d.id === domain.id);
      return {
        ...reply,
        domains: known
          ? reply.domains.map((d) => (d.id === domain.id ? domain : d))
          : [...reply.domains, domain],
      };
    });
}

export function useAddSendingDomain() {
  const store = useStoreDomain();
  return useMutation({
    mutationFn: (input: AddSendingDomain) => callApi('POST /sending-domains', { body: input }),
    onSuccess: ({ domain }) => store(domain),
  });
}

export function useChangeLocalPart(id: string) {
  const store = useStoreDomain();
  return useMutation({
    mutationFn: (localPart: string) =>
      callApi('PUT /sending-domains/:id', { params: { id }, body: { localPart } }),
    onSuccess: ({ domain }) => store(domain),
  });
}

export function useVerifySendingDomain(id: string) {
  const store = useStoreDomain();
  return useMutation({
    mutationFn: () => callApi('POST /sending-domains/:id/verify', { params: { id } }),
    onSuccess: ({ domain }) => store(domain),
  });
}

export function useRemoveSendingDomain(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('DELETE /sending-domains/:id', { params: { id } }),
    onSuccess: () =>
      client.setQueryData<SendingDomainsReply>(deliverabilityKeys.domains, (reply) =>
        reply ? { ...reply, domains: reply.domains.filter((d) => d.id !== id) } : reply,
      ),
  });
}

/** The domain's branded link host: add or change it, remove it, look its CNAME up now. */
export function useLinkDomain(id: string) {
  const store = useStoreDomain();
  const params = { id };
  const onSuccess = ({ domain }: { domain: SendingDomain }) => store(domain);
  return {
    set: useMutation({
      mutationFn: (subdomain: string) =>
        callApi('PUT /sending-domains/:id/link-domain', { params, body: { subdomain } }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => callApi('DELETE /sending-domains/:id/link-domain', { params }),
      onSuccess,
    }),
    verify: useMutation({
      mutationFn: () => callApi('POST /sending-domains/:id/link-domain/verify', { params }),
      onSuccess,
    }),
  };
}
