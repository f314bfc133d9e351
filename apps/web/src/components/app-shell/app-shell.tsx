// The signed-in product's own frame: an app bar with Templates, Shops, Orders, Brand, Account & billing,
// the plan with today's usage and Logout; on phones a compact bar whose Menu opens the same links.
// Marketing pages keep the site header and footer (see app.tsx).
import type { ReactNode } from 'react';
import { MailKeptLocallyBanner } from '../../outbox/mail-kept-locally-banner.tsx';
import { VerifyEmailBanner } from '../verify-email-banner.tsx';
import { AppBar } from './app-bar.tsx';
import { useScrollToAnchor } from './use-scroll-to-anchor.ts';

export function AppShell({ children }: { children: ReactNode }) {
  useScrollToAnchor();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50/60">
      <AppBar />
      <VerifyEmailBanner />
      <MailKeptLocallyBanner />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
    </div>
  );
}
