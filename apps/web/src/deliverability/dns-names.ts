// A DNS record's name in the two forms DNS hosts ask for: the full name ("t._domainkey.shop.com")
// and the short one, relative to the domain ("t._domainkey"; "@" for the domain itself). Most hosts
// add the domain themselves, so a full name typed there becomes "….shop.com.shop.com".

/** The name without the domain, or "@" when it is the domain itself. */
export function shortDnsName(name: string, domain: string): string {
  const full = name.replace(/\.$/, '').toLowerCase();
  const zone = domain.replace(/\.$/, '').toLowerCase();
  if (full === zone) return '@';
  return full.endsWith(`.${zone}`) ? full.slice(0, -(zone.length + 1)) : full;
}
