import { z } from 'zod';
import { defineJob } from '../jobs/job-queue.ts';

/** Product mail (password resets, contact forwards) goes out from a job, retried if the relay is down. */
export const sendMailJob = defineJob({
  name: 'mail-send',
  payload: z.object({
    to: z.string(),
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    replyTo: z.string().optional(),
    accountId: z.uuid().nullable().optional(),
  }),
  retryLimit: 5,
  retryDelay: 30,
  pollingIntervalSeconds: 0.5,
});
