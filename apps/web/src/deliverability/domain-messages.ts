// What a sending domain's card says about the seller's actions on it.
import type { SendingDomain } from '@thankly/api-contract';

export const DOMAIN_MESSAGES = {
  checking: 'Checking DNS…',
  verifyFailed: 'Could not check DNS just now. Try again in a minute.',
  verified: (from: string) => `All required records found: buyer emails now go from ${from}.`,
  notYet: (count: number) =>
    `${count === 1 ? '1 required record is' : `${count} required records are`} not found yet. ` +
    'DNS changes can take up to 48 hours to show; check again later.',
  removed: (domain: string) =>
    `${domain} removed: buyer emails go from Thankly’s address with your shop name.`,
  removeFailed: 'Could not remove the domain. Try again in a minute.',
  confirmRemove: (domain: string) =>
    `Remove ${domain}? Buyer emails go from Thankly’s address again, and you would need to publish new records to add it back.`,
  saved: 'From address saved',
  saveFailed: 'Could not save the From address. Try again in a minute.',
} as const;

/** What the Verify button found, in one sentence. */
export function verifyOutcome(domain: SendingDomain): string {
  if (domain.status === 'verified') return DOMAIN_MESSAGES.verified(domain.fromAddress);
  return DOMAIN_MESSAGES.notYet(
    domain.records.filter((r) => r.required && r.status !== 'ok').length,
  );
}
