// The address buyer emails go from now, and from which once the domain verifies.
import type { SendingDomain } from '@thankly/api-contract';

export function FromLine({ domain, defaultFrom }: { domain: SendingDomain; defaultFrom: string }) {
  const from = <strong className="wrap-anywhere text-slate-900">{domain.fromAddress}</strong>;
  const fallback = <strong className="wrap-anywhere text-slate-900">{defaultFrom}</strong>;
  if (domain.status === 'verified') {
    return <p className="mt-1 text-sm text-slate-600">Buyer emails go from {from}.</p>;
  }
  if (domain.status === 'failing') {
    return (
      <p className="mt-1 text-sm text-amber-900">
        A required record is no longer found, so buyer emails go from {fallback} until it is back.
        Check the records marked below, then press Verify.
      </p>
    );
  }
  return (
    <p className="mt-1 text-sm text-slate-600">
      Once verified, buyer emails go from {from}. Until then they go from {fallback} with your shop
      name.
    </p>
  );
}
