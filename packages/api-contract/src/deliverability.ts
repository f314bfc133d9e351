import { CONTENT_CHECK_RULES, type ContentCheckFinding } from '@thankly/email';
import { z } from 'zod';
import { templateContentFields } from './templates.ts';

/*
 * Deliverability: a seller's own sending domain (DKIM-signed, aligned for DMARC), what happened to
 * mail after it left (bounces, complaints), and the content check a seller runs from the editor.
 */

/** A DNS name a seller can publish records under: lowercase labels, a dot, no IP address. */
const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export const sendingDomainNameSchema = z
  .string({ error: 'Enter your domain, for example yourshop.com.' })
  .trim()
  .toLowerCase()
  .transform((v) =>
    v
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '')
      .replace(/\.$/, ''),
  )
  .pipe(
    z
      .string()
      .min(1, 'Enter your domain, for example yourshop.com.')
      .max(253, 'That domain is too long.')
      .refine(
        (v) => {
          const labels = v.split('.');
          return (
            labels.length >= 2 &&
            labels.every((label) => DOMAIN_LABEL.test(label)) &&
            !/^\d+$/.test(labels.at(-1)!)
          );
        },
        { message: 'Enter a domain name such as yourshop.com (no spaces, no @, no address).' },
      ),
  );

/** The part before the @ of the From address: plain, so no mail client shows it oddly. */
export const fromLocalPartSchema = z
  .string({ error: 'Choose the name before the @, for example hello.' })
  .trim()
  .toLowerCase()
  .min(1, 'Choose the name before the @, for example hello.')
  .max(64, 'Please keep the name before the @ under 64 characters.')
  .regex(
    /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/,
    'Use letters, digits, dots, - and _ before the @ (for example hello or orders).',
  )
  .refine((v) => !v.includes('..'), { message: 'Two dots in a row are not allowed before the @.' });

/** POST /api/sending-domains */
export const addSendingDomainSchema = z.object({
  domain: sendingDomainNameSchema,
  localPart: fromLocalPartSchema,
});
export type AddSendingDomain = z.output<typeof addSendingDomainSchema>;

/** PUT /api/sending-domains/:id */
export const updateSendingDomainSchema = z.object({ localPart: fromLocalPartSchema });

/**
 * PUT /api/sending-domains/:id/link-domain: the name before the seller's domain for their branded
 * link host ("links" for links.yourshop.com). Pasting the whole host works too: the server drops
 * the domain's own name from the end.
 */
export const setLinkDomainSchema = z.object({
  subdomain: z
    .string({ error: 'Enter the name before your domain, for example links.' })
    .trim()
    .toLowerCase()
    .transform((v) => v.replace(/^https?:\/\//, '').replace(/[/.]+$/, ''))
    .pipe(
      z
        .string()
        .min(1, 'Enter the name before your domain, for example links.')
        .max(190, 'That name is too long.')
        .refine((v) => v.split('.').every((label) => DOMAIN_LABEL.test(label)), {
          message: 'Use letters, digits and - (for example links or email-links), no spaces.',
        }),
    ),
});
export type SetLinkDomain = z.output<typeof setLinkDomainSchema>;

/** A domain that is not the seller's, or an id that names none. */
export const SENDING_DOMAIN_NOT_FOUND = 'Sending domain not found.';

/** How many sending domains one seller may hold (each has its own key and records to check). */
export const MAX_SENDING_DOMAINS = 5;

export const DNS_RECORD_PURPOSES = ['dkim', 'return-path', 'spf', 'dmarc', 'link'] as const;
export type DnsRecordPurpose = (typeof DNS_RECORD_PURPOSES)[number];

/**
 * One record the seller publishes, and what the last lookup found.
 * ok: published as shown. missing: nothing there. wrong: something else there (explanation says what).
 * unchecked: not looked up yet.
 */
export type DnsRecordStatus = 'ok' | 'missing' | 'wrong' | 'unchecked';

export interface DnsRecordCheck {
  purpose: DnsRecordPurpose;
  type: 'TXT' | 'CNAME';
  /** The full name to publish under, e.g. thankly-a1b2c3._domainkey.yourshop.com */
  name: string;
  value: string;
  /** DMARC is recommended, not required: the domain verifies without it. */
  required: boolean;
  status: DnsRecordStatus;
  /** In plain words: what this record does, or what is missing or wrong about it. */
  explanation: string;
}

/**
 * pending: records not (all) found yet. verified: buyer email goes from this domain.
 * failing: it was verified, and a re-check no longer finds a required record (mail is back on
 * Thankly's address until it is fixed).
 */
export type SendingDomainStatus = 'pending' | 'verified' | 'failing';

/**
 * A seller's branded link host under a sending domain: a CNAME to Thankly's link host. While it
 * is verified, tracked links and the open pixel in emails From that domain use it.
 */
export interface LinkDomain {
  host: string;
  status: SendingDomainStatus;
  record: DnsRecordCheck;
  lastCheckedAt: string | null;
  verifiedAt: string | null;
}

/** GET /api/sending-domains -> { domains: SendingDomain[], allowed: boolean } */
export interface SendingDomain {
  id: string;
  domain: string;
  localPart: string;
  /** localPart@domain: the From address once verified. */
  fromAddress: string;
  status: SendingDomainStatus;
  records: DnsRecordCheck[];
  lastCheckedAt: string | null;
  verifiedAt: string | null;
  createdAt: string;
  /** Null until the seller adds one (a verified domain may). */
  linkDomain: LinkDomain | null;
}

export interface SendingDomainsReply {
  domains: SendingDomain[];
  /** Own domains come with Growth and Business. */
  allowed: boolean;
  /** Where mail goes From while no domain is verified (Thankly's address). */
  defaultFromAddress: string;
}

export * from './delivery-problems.ts';

/** Over the last 30 days: GET /api/deliverability/health */
export interface DeliveryHealth {
  windowDays: number;
  sent: number;
  bounces: number;
  complaints: number;
  /** 0..1 of sent */
  bounceRate: number;
  complaintRate: number;
  /** Automatic pause thresholds: 0.05 and 0.003. */
  bounceLimit: number;
  complaintLimit: number;
  /** Rates are judged once this many emails were sent in the window (fewer is too few to tell). */
  minimumSample: number;
  /** Sending stopped automatically, with the explanation the seller reads; null while sending. */
  paused: { at: string; reason: string } | null;
}

export * from './delivery-health.ts';

// The content check's rules and findings live with the rules, in @thankly/email.
export {
  CONTENT_CHECK_RULES,
  type ContentCheckRule,
  type ContentCheckLevel,
  type ContentCheckFinding,
} from '@thankly/email';

/** The body of POST /api/templates/deliverability-check: the editor's design, saved or not. */
export const contentCheckInputSchema = z.object(templateContentFields);
export type ContentCheckInput = z.input<typeof contentCheckInputSchema>;

/** POST /api/templates/deliverability-check -> ContentCheckReport */
export interface ContentCheckReport {
  findings: ContentCheckFinding[];
  /**
   * Bytes of the HTML part as sent for the longest order (links tracked, footer included): the
   * size the save check measures. Gmail clips past 102 KB; a template saves up to 90 KB.
   */
  htmlBytes: number;
  /** SpamAssassin's score, or null where SpamAssassin is not installed. */
  spamScore: number | null;
}

const dnsRecordCheckSchema: z.ZodType<DnsRecordCheck> = z.object({
  purpose: z.enum(DNS_RECORD_PURPOSES),
  type: z.enum(['TXT', 'CNAME']),
  name: z.string(),
  value: z.string(),
  required: z.boolean(),
  status: z.enum(['ok', 'missing', 'wrong', 'unchecked']),
  explanation: z.string(),
});

const linkDomainSchema: z.ZodType<LinkDomain> = z.object({
  host: z.string(),
  status: z.enum(['pending', 'verified', 'failing']),
  record: dnsRecordCheckSchema,
  lastCheckedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
});

export const sendingDomainSchema: z.ZodType<SendingDomain> = z.object({
  id: z.string(),
  domain: z.string(),
  localPart: z.string(),
  fromAddress: z.string(),
  status: z.enum(['pending', 'verified', 'failing']),
  records: z.array(dnsRecordCheckSchema),
  lastCheckedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
  linkDomain: linkDomainSchema.nullable(),
});

/** POST, PUT and verify of /api/sending-domains answer with the domain as it is now. */
export const sendingDomainReplySchema = z.object({ domain: sendingDomainSchema });

export const sendingDomainsReplySchema: z.ZodType<SendingDomainsReply> = z.object({
  domains: z.array(sendingDomainSchema),
  allowed: z.boolean(),
  defaultFromAddress: z.string(),
});

export const deliveryHealthSchema: z.ZodType<DeliveryHealth> = z.object({
  windowDays: z.number(),
  sent: z.number(),
  bounces: z.number(),
  complaints: z.number(),
  bounceRate: z.number(),
  complaintRate: z.number(),
  bounceLimit: z.number(),
  complaintLimit: z.number(),
  minimumSample: z.number(),
  paused: z.object({ at: z.string(), reason: z.string() }).nullable(),
});

export const contentCheckReportSchema: z.ZodType<ContentCheckReport> = z.object({
  findings: z.array(
    z.object({
      rule: z.enum(CONTENT_CHECK_RULES),
      level: z.enum(['pass', 'warn', 'fail', 'skipped']),
      message: z.string(),
    }),
  ),
  htmlBytes: z.number(),
  spamScore: z.number().nullable(),
});
