import { useState } from 'react';
import { Button, Card, Container, PageHeader } from '../components/ui/index.ts';
import { ContactForm } from '../contact/contact-form.tsx';
import { SupportNotes } from '../contact/support-notes.tsx';
import {
  CONTACT_NETWORK_ERROR,
  CONTACT_SEND_ANOTHER,
  CONTACT_SERVER_ERROR,
  CONTACT_THANKS,
  CONTACT_THANKS_LEAD,
} from '../lib/contact-copy.ts';

export { CONTACT_NETWORK_ERROR, CONTACT_SERVER_ERROR };

export default function ContactPage() {
  const [sent, setSent] = useState(false);
  return (
    <Container className="py-12 sm:py-16">
      <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
        <div>
          <PageHeader
            title="Contact us"
            lead="Questions about templates, your shop connection or billing? Write to us and a real person will answer."
          />
          {sent ? (
            <Card>
              <div role="status">
                <h2 className="text-2xl font-bold">{CONTACT_THANKS}</h2>
                <p className="mt-2 text-slate-600">{CONTACT_THANKS_LEAD}</p>
              </div>
              {/* A fresh form: the one sent is gone with its fields and errors. */}
              <Button className="mt-6" variant="secondary" onClick={() => setSent(false)}>
                {CONTACT_SEND_ANOTHER}
              </Button>
            </Card>
          ) : (
            <ContactForm onSent={() => setSent(true)} />
          )}
        </div>
        <SupportNotes />
      </div>
    </Container>
  );
}
