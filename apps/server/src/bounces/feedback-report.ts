import { addressValue, parseFieldBlocks } from './report-fields.ts';

export interface ReportedComplaint {
  /** The envelope sender of the reported email: our return path, if the report keeps it. */
  originalMailFrom: string;
}

/**
 * The complaint a message/feedback-report part (RFC 5965) makes. Who complained (Original-Rcpt-To,
 * often redacted) is not needed: the order names its buyer. Only `abuse` (the spam button)
 * counts; fraud, virus, not-spam and the rest are not a buyer asking to hear no more.
 */
export function complaintInFeedbackReport(text: string): ReportedComplaint | null {
  const [fields] = parseFieldBlocks(text);
  if (fields?.get('feedback-type')?.toLowerCase() !== 'abuse') return null;
  return {
    originalMailFrom: addressValue(fields.get('original-mail-from')),
  };
}
