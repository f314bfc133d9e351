import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { mailLinkOrigin } from '../infrastructure/http/browser-origin.ts';
import { defineJob } from '../infrastructure/jobs/job-queue.ts';
import { mailVerificationLink } from './email-verification.ts';
import { requestPasswordReset } from './password-reset.ts';

/**
 * Mail whose content depends on whether an address has an account (a confirmation link or a notice
 * to the owner; a reset link or nothing). Deciding it off the request keeps register and
 * forgot-password answering with the same reply in the same time either way.
 */
/** The browser origin that asked (trying-out mode only: see http/browser-origin.ts). */
const jobOrigin = z.url({ protocol: /^https?$/ }).optional();

export const accountMailJob = defineJob({
  name: 'account-mail',
  payload: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('verify'),
      userId: z.uuid(),
      notifyOwner: z.boolean(),
      origin: jobOrigin,
    }),
    z.object({ kind: z.literal('password-reset'), email: z.string().max(254), origin: jobOrigin }),
  ]),
  retryLimit: 5,
  retryDelay: 30,
  pollingIntervalSeconds: 0.5,
});

export type AccountMail = z.input<typeof accountMailJob.payload>;

export async function runAccountMailJob(ctx: AppContext, job: AccountMail): Promise<void> {
  const appUrl = mailLinkOrigin(ctx.config, job.origin);
  if (job.kind === 'verify') {
    await mailVerificationLink(ctx, job.userId, { notifyOwner: job.notifyOwner, appUrl });
    return;
  }
  await requestPasswordReset(
    {
      db: ctx.db,
      sendMail: (message) => ctx.mailer.send(message),
      appUrl,
      now: ctx.clock.now(),
    },
    job.email,
  );
}
