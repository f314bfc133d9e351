import { Card } from '../components/ui/index.ts';

/** When support answers and what to include, beside the form. */
export function SupportNotes() {
  return (
    <aside aria-label="Support hours" className="space-y-4 lg:pt-24">
      <Card as="div">
        <h2 className="font-semibold">When we answer</h2>
        <p className="mt-2 text-sm text-slate-600">
          We reply within 1–2 business days. Support hours are Mon–Fri 9–5 EET. Subscribers are
          answered first.
        </p>
      </Card>
      <Card as="div">
        <h2 className="font-semibold">Before you write</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
          <li>Include your shop name and, for an email issue, the order number.</li>
          <li>For billing, tell us the email address of your Thankly account.</li>
          <li>Locked out? Reset your password from the login page first.</li>
        </ul>
      </Card>
    </aside>
  );
}
