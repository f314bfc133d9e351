import { Link } from 'react-router';
import { Container, PageHeader } from '../components/ui/index.ts';
import { DomainStatusMeanings, RecordStatusMeanings } from '../deliverability/status-meanings.tsx';
import { SENDING_DOMAIN_ANCHOR } from '../route-meta.ts';

const link = 'font-medium text-brand-700 underline';

/** Public help page on a sending domain's DNS records, in plain words; linked from the Account page. */
export default function HelpSendingDomainPage() {
  return (
    <Container className="py-12 sm:py-16">
      <article className="mx-auto max-w-3xl">
        <PageHeader
          title="Your sending domain’s DNS records"
          lead="On Growth and Business, Thankly can send your thank-you emails from an address at your own domain, such as hello@yourshop.com. For that, your domain has to vouch for Thankly: that is what the records do. Here is what each one means and how to add them."
        />
        <div className="space-y-6 text-slate-700 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6">
          <h2 id="before">Before your domain is verified</h2>
          <p>
            Nothing stops while you set things up. Until every required record is found, buyer
            emails go from Thankly’s own address with your shop name as the sender’s name, and when
            a buyer presses Reply, the answer comes to your account email. The moment your domain is
            verified, new emails go from your address instead.
          </p>

          <h2 id="records">What each record does</h2>
          <p>
            Your Account page lists the records for your domain with the exact name and value to
            copy. They are different for every domain, so always copy them from there.
          </p>

          <h3 id="dkim">DKIM signature (TXT, required)</h3>
          <p>
            A public key, published under a name such as{' '}
            <code className="font-mono text-sm break-all">
              thankly-a1b2c3d4._domainkey.yourshop.com
            </code>
            . Thankly signs every email from your domain with the private half of that key, which
            never leaves Thankly. Gmail, Yahoo, Outlook and the rest look up the public key and
            check the signature: it proves the email really comes from your domain and was not
            changed on the way.
          </p>

          <h3 id="return-path">Return path (CNAME, required)</h3>
          <p>
            A pointer from a name such as{' '}
            <code className="font-mono text-sm break-all">thankly-bounces.yourshop.com</code> to
            Thankly. When an email cannot be delivered, the receiving server sends a notice to this
            address, so Thankly learns which buyer addresses do not work and stops writing to them
            (sending to dead addresses again and again is what gets senders marked as spammers). It
            also lets receivers match the sender checks (SPF) to your domain.
          </p>
          <p>
            Some Thankly servers ask for an <strong>SPF</strong> record (TXT on your domain itself,
            starting with <code className="font-mono text-sm">v=spf1</code>) instead. A domain may
            have only one SPF record: if yours already has one, for example for your own mailbox, do
            not add a second one. Add the <code className="font-mono text-sm">include:</code> part
            Thankly shows to the record you have, before its last word (
            <code className="font-mono text-sm">~all</code> or{' '}
            <code className="font-mono text-sm">-all</code>).
          </p>

          <h3 id="dmarc">DMARC policy (TXT, recommended)</h3>
          <p>
            Published under <code className="font-mono text-sm">_dmarc.yourshop.com</code>, it tells
            receivers what to do with email that claims to be from your domain but fails the checks
            above, and where to send reports. Gmail and Yahoo expect every sender to have one. The
            suggestion Thankly shows, <code className="font-mono text-sm">p=none</code>, only asks
            for reports and blocks nothing, which is a safe start; you can tighten it to{' '}
            <code className="font-mono text-sm">p=quarantine</code> later. Your domain verifies
            without it. If your domain already has a DMARC record, keep it: you need only one.
          </p>
          <p>
            The suggestion sends the daily reports to{' '}
            <code className="font-mono text-sm">dmarc@yourshop.com</code>: create that mailbox or an
            alias, or change it to another address at your domain. An address at another domain gets
            no reports unless that domain publishes a TXT record{' '}
            <code className="font-mono text-sm">yourshop.com._report._dmarc.otherdomain.com</code>{' '}
            with the value <code className="font-mono text-sm">v=DMARC1</code>, so receivers know it
            agreed to take them. Thankly’s support address is such an address: ask support before
            you point reports there.
          </p>

          <h2 id="where">Where to add the records</h2>
          <p>
            Records are added where your domain’s DNS is managed. That is usually the company you
            bought the domain from (GoDaddy, Namecheap, Squarespace, IONOS and the like), or a
            service you moved the DNS to, such as Cloudflare or your website host. If you are not
            sure, look for the company whose name appears in your domain’s “nameservers”.
          </p>
          <ol>
            <li>
              Sign in there and open your domain’s DNS settings (often called “DNS”, “Manage DNS”,
              “DNS records” or “Advanced DNS”).
            </li>
            <li>
              Add a new record for each row Thankly shows: choose its type (TXT or CNAME), then
              paste the name and the value with the Copy buttons.
            </li>
            <li>
              Many hosts add your domain to the name by themselves: if the name field already ends
              with <code className="font-mono text-sm">.yourshop.com</code>, paste only the part
              before it (for example{' '}
              <code className="font-mono text-sm break-all">thankly-a1b2c3d4._domainkey</code>),
              otherwise the name ends up twice.
            </li>
            <li>
              Leave the TTL (time to live) as the host suggests. On Cloudflare, set the CNAME to
              “DNS only” (grey cloud), not proxied.
            </li>
            <li>Save, then come back to Thankly and press Verify.</li>
          </ol>
          <p>
            The DKIM value is long. Paste it as it is: some hosts split it into several quoted
            pieces, and that is fine.
          </p>

          <h2 id="timing">How long it takes</h2>
          <p>
            Most hosts publish new records within minutes, but a change can take up to 48 hours to
            be visible everywhere. If Verify does not find a record right away, check that the name
            and value match, wait a while and press Verify again. Thankly also checks pending
            domains by itself, and keeps checking verified ones so you hear about a record that goes
            missing.
          </p>

          <h2 id="statuses">What the statuses mean</h2>
          <h3>Your domain</h3>
          <DomainStatusMeanings />
          <h3>Each record</h3>
          <RecordStatusMeanings />

          <h2 id="help">Questions</h2>
          <p>
            Your domains and their records are on your{' '}
            <Link to={`/Account#${SENDING_DOMAIN_ANCHOR}`} className={link}>
              Account
            </Link>{' '}
            page. Stuck?{' '}
            <Link to="/contact" className={link}>
              Contact us
            </Link>{' '}
            with your domain name and a screenshot of your DNS settings, and we will help you
            finish.
          </p>
        </div>
      </article>
    </Container>
  );
}
