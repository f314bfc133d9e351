// Short guides for the DNS hosts most sellers use: where the records go and which name form each
// host wants. One <details> per host, so the list stays short until the seller opens theirs.

interface HostGuide {
  host: string;
  steps: string[];
}

export const DNS_HOST_GUIDES: readonly HostGuide[] = [
  {
    host: 'Cloudflare',
    steps: [
      'Open your domain, then DNS → Records → Add record.',
      'Choose the Type, paste the short name into Name and the value into Content (IPv4 address or Target for a CNAME).',
      'For a CNAME, set Proxy status to DNS only (grey cloud), then Save.',
    ],
  },
  {
    host: 'GoDaddy',
    steps: [
      'Open Domain Portfolio, choose the domain, then DNS → Add New Record.',
      'Choose the Type, paste the short name into Name and the value into Value (Points to for a CNAME).',
      'Keep the suggested TTL and Save.',
    ],
  },
  {
    host: 'Namecheap',
    steps: [
      'Open Domain List, click Manage beside the domain, then Advanced DNS → Add New Record.',
      'Choose the Type, paste the short name into Host and the value into Value (Target for a CNAME).',
      'Click the green tick to save the row.',
    ],
  },
  {
    host: 'Squarespace Domains (formerly Google Domains)',
    steps: [
      'Open Domains, choose the domain, then DNS → DNS Settings → Custom records → Add record.',
      'Paste the short name into Host (leave it empty or @ for the domain itself), choose the Type and paste the value into Data.',
      'Save.',
    ],
  },
  {
    host: 'Amazon Route 53',
    steps: [
      'Open Hosted zones, choose the domain, then Create record.',
      'Paste the short name into Record name (the console shows the domain after the box; leave it empty for the domain itself), choose the Record type and paste the value.',
      'A TXT value goes in double quotes; Create records.',
    ],
  },
];

export function DnsHostGuides() {
  return (
    <section aria-labelledby="dns-host-guides-heading" className="mt-5">
      <h4 id="dns-host-guides-heading" className="text-sm font-semibold text-slate-900">
        Adding the records at your DNS host
      </h4>
      <p className="mt-1 text-sm text-slate-600">
        Most DNS hosts add your domain to the name themselves: paste the short name there. Where a
        host asks for the full name, paste that one.
      </p>
      <ul className="mt-3 space-y-2">
        {DNS_HOST_GUIDES.map((guide) => (
          <li key={guide.host}>
            <details className="rounded-lg border border-slate-200 bg-white">
              <summary className="focus-ring cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-slate-900">
                {guide.host}
              </summary>
              <ol className="list-decimal space-y-1 px-3 pb-3 pl-8 text-sm text-slate-700">
                {guide.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
