import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { dkimEnvFields } from './dkim-key-field.ts';
import { ConfigError, optionalText } from './env-fields.ts';
import type { ConfigSection, SectionSettings } from './config-section.ts';
import { repoRoot } from './server-root.ts';

export { ConfigError };

const roleSchema = z.enum(['all', 'api', 'worker']);
export type Role = z.infer<typeof roleSchema>;

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

/** What node's Resolver.setServers takes: an IP address, with a port as host:port or [v6]:port. */
function isDnsServer(entry: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  const hostAndPort = /^([^:]+):(\d{1,5})$/.exec(entry);
  const [address, port] = bracketed
    ? [bracketed[1]!, bracketed[2]]
    : hostAndPort
      ? [hostAndPort[1]!, hostAndPort[2]]
      : [entry, undefined];
  return isIP(address) !== 0 && (port === undefined || Number(port) <= 65535);
}

/** Names proxy-addr (Fastify's trustProxy) understands besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  // An IPv4 netmask (10.0.0.0/255.0.0.0) is accepted by proxy-addr too.
  if (family === 4 && isIP(bits) === 4) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may set X-Forwarded-For: none by default, a hop count, or a list of addresses and
 * CIDR ranges. "true" is refused: trusting every hop lets any client choose its own address.
 */
const trustProxySchema = optionalText.transform((value, ctx): false | number | string[] => {
  if (value === undefined || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        "TRUST_PROXY=true would trust any client's X-Forwarded-For; give the number of proxies in front of Thankly (e.g. 1) or their addresses (e.g. 10.0.0.0/8)",
    });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `TRUST_PROXY takes a hop count or comma-separated IP addresses/CIDR ranges; not understood: ${bad.join(', ')}`,
    });
    return z.NEVER;
  }
  return entries;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().default('./data'),
  /** Uploaded images: on disk under DATA_DIR/media unless S3_BUCKET names a bucket. */
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Where images are served from when a CDN fronts the bucket (else APP_URL/media). */
  MEDIA_PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  APP_SECRET: optionalText.pipe(
    z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  ),
  /** Earlier APP_SECRETs, comma-separated: still read (sealed tokens, signed links), never written. */
  APP_SECRET_PREVIOUS: optionalText.pipe(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.string().min(32, 'each APP_SECRET_PREVIOUS value must be at least 32 characters'),
        ),
      )
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  /** Connections to the relay at once, per worker process; unset: the URL's maxConnections, else 5. */
  SMTP_MAX_CONNECTIONS: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ error: 'SMTP_MAX_CONNECTIONS takes a whole number, 1 to 100' })
      .int('SMTP_MAX_CONNECTIONS takes a whole number, 1 to 100')
      .min(1, 'SMTP_MAX_CONNECTIONS takes a whole number, 1 to 100')
      .max(100, 'SMTP_MAX_CONNECTIONS takes a whole number, 1 to 100')
      .optional(),
  ),
  /** Messages per second the relay allows, per worker process; unset: no pacing. */
  SMTP_RATE_PER_SECOND: optionalText.pipe(
    z.coerce
      .number<string | undefined>({
        error: 'SMTP_RATE_PER_SECOND takes a number of messages per second, such as 14',
      })
      .positive('SMTP_RATE_PER_SECOND takes a number of messages per second above 0, such as 14')
      .max(10_000, 'SMTP_RATE_PER_SECOND takes at most 10000')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Thankly <hello@thankly.local>'),
  SUPPORT_EMAIL: z.email().default('support@thankly.local'),
  ROLE: roleSchema.default('all'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long a worker may hold an order before another takes it over as crashed. */
  SEND_LEASE_SECONDS: z.coerce.number().int().min(1).default(120),
  /** Each local stand-in is opted into separately in production; elsewhere all of them run. */
  ALLOW_DEMO_SHOP: flag,
  ALLOW_DEMO_CHECKOUT: flag,
  ALLOW_OUTBOX: flag,
  /** Replaced by the three flags above; refused so an old setting is not silently ignored. */
  ALLOW_DEMO_IN_PRODUCTION: optionalText,
  TRUST_PROXY: trustProxySchema,
  /** Bearer token for the operator's API (abuse guard, outbox); unset: that API is closed. */
  OPERATOR_TOKEN: optionalText.pipe(
    z.string().min(32, 'OPERATOR_TOKEN must be at least 32 characters').optional(),
  ),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_GROWTH_MONTH: optionalText,
  STRIPE_PRICE_GROWTH_YEAR: optionalText,
  STRIPE_PRICE_BUSINESS_MONTH: optionalText,
  STRIPE_PRICE_BUSINESS_YEAR: optionalText,
  /** An origin such as http://127.0.0.1:12111 to point the SDK at a simulator; unset: Stripe's own. */
  STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** DNS servers for checking sellers' domains (host or host:port, comma-separated); unset: the system's. */
  DNS_SERVERS: optionalText.refine(
    (value) => value === undefined || value.split(',').every((entry) => isDnsServer(entry.trim())),
    'DNS_SERVERS takes IP addresses, each optionally with a port (1.1.1.1, 127.0.0.1:5353, [::1]:53), comma-separated',
  ),
  /** The domain of every buyer email's return path; its MX points at the bounce listener. */
  BOUNCE_DOMAIN: optionalText,
  /**
   * The host sellers' branded link subdomains CNAME to (its proxy serves them over TLS); unset:
   * APP_URL's host.
   */
  LINK_HOST: optionalText.refine(
    (value) =>
      value === undefined || /^(?!-)[a-z0-9-]{1,63}(\.(?!-)[a-z0-9-]{1,63})+$/i.test(value),
    'LINK_HOST takes a host name such as links.thankly.example (no scheme, no path)',
  ),
  /** Port of the inbound SMTP listener for bounces and complaints; unset: no listener. */
  BOUNCE_SMTP_PORT: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(65535).optional(),
  ),
  BOUNCE_SMTP_HOST: z.string().default('0.0.0.0'),
  /**
   * How a seller's domain passes SPF: 'return-path' (a CNAME under their domain to BOUNCE_DOMAIN, so
   * the return path is theirs and SPF aligns) or 'include' (SPF_INCLUDE added to their SPF record).
   */
  SENDER_SPF_MODE: z.enum(['return-path', 'include']).default('return-path'),
  /** The relay's SPF include, e.g. sendgrid.net; required with SENDER_SPF_MODE=include. */
  SPF_INCLUDE: optionalText,
  /** SendGrid's Event Webhook verification key (base64 public key from its settings); unset: no webhook. */
  SENDGRID_WEBHOOK_PUBLIC_KEY: optionalText,
  ...dkimEnvFields,
});

const STRIPE_SETTINGS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_GROWTH_MONTH',
  'STRIPE_PRICE_GROWTH_YEAR',
  'STRIPE_PRICE_BUSINESS_MONTH',
  'STRIPE_PRICE_BUSINESS_YEAR',
] as const;

/** Card payments through Stripe; undefined means the local demo checkout (or no billing). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  prices: { growth: { month: string; year: string }; business: { month: string; year: string } };
  apiUrl: string | undefined;
}

export interface StandIns {
  /** The demo marketplace instead of Etsy when no Etsy keys are set. */
  demoShop: boolean;
  /** The local demo checkout and portal instead of Stripe when no Stripe keys are set. */
  demoCheckout: boolean;
  /** The database outbox instead of a mail relay when no SMTP_URL is set. */
  outbox: boolean;
}

/**
 * The configuration every part of the process shares. The capabilities' own sections (a
 * marketplace's settings, config-section.ts) are added beside it under their keys.
 */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  /**
   * False when APP_URL is unset and appUrl is the embedded localhost default: pages and redirects
   * for the browser then follow the origin the browser asked for (see http/browser-origin.ts).
   */
  appUrlConfigured: boolean;
  dataDir: string;
  /** Set: uploaded images live in this S3 bucket (needed when several API processes run). */
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      }
    | undefined;
  /** Public base of stored images (a CDN), or undefined to serve them at <origin>/media. */
  mediaPublicUrl: string | undefined;
  databaseUrl: string | undefined;
  /** Undefined until resolved from DATA_DIR by loadAppSecret when none is configured. */
  appSecret: string | undefined;
  /** Secrets being rotated out: what they sealed or signed is still read. */
  previousAppSecrets: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  role: Role;
  webDist: string;
  logLevel: string;
  /**
   * Which local stand-ins for outside services this process offers: all of them outside
   * production, in production only those opted into one by one.
   */
  standIns: StandIns;
  /** Fastify's trustProxy: false (the default) trusts no X-Forwarded-For at all. */
  trustProxy: false | number | string[];
  /** Unset: no operator API. */
  operatorToken: string | undefined;
  stripe: StripeConfig | undefined;
  sendLeaseSeconds: number;
  /** What the mail relay allows (SMTP_MAX_CONNECTIONS, SMTP_RATE_PER_SECOND); unset: no limit of ours. */
  relay: { maxConnections: number | undefined; ratePerSecond: number | undefined };
  deliverability: {
    /** Unset: the system's resolvers. */
    dnsServers: string[] | undefined;
    bounceDomain: string;
    /** Unset: no inbound listener (a relay's webhook may still report bounces). */
    bounceSmtpPort: number | undefined;
    bounceSmtpHost: string;
    spfMode: 'return-path' | 'include';
    spfInclude: string | undefined;
    sendgridWebhookPublicKey: string | undefined;
    /** Where sellers' link hosts point (LINK_HOST); unset: APP_URL's host (see linkTarget). */
    linkHost: string | undefined;
    /**
     * Thankly's own DKIM key for MAIL_FROM's domain (PKCS#8 PEM) and its selector; both unset: a
     * key is made once and kept in the database (mail/platform-dkim.ts).
     */
    platformDkim: { privateKey: string; selector: string } | undefined;
  };
}

/** Names that never reach a real mailbox: reserved (RFC 2606/6761) or left over from examples. */
const PLACEHOLDER_MAIL_DOMAIN =
  /(^|\.)(local|localhost|localdomain|test|invalid|example|internal)$|(^|\.)example\.[a-z]+$/i;

/** The address part of a mailbox ("Thankly <a@b>" or "a@b"). */
export function mailAddress(mailbox: string): string {
  return /<([^>]+)>/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim();
}

/** The domain of an address ("Name <a@b.c>" or "a@b.c"), or undefined when there is none. */
export function mailDomain(mailbox: string): string | undefined {
  const address = mailAddress(mailbox);
  const at = address.lastIndexOf('@');
  return at > 0 ? address.slice(at + 1).toLowerCase() : undefined;
}

export function isRealMailDomain(mailbox: string): boolean {
  const domain = mailDomain(mailbox);
  return domain !== undefined && domain.includes('.') && !PLACEHOLDER_MAIL_DOMAIN.test(domain);
}

/**
 * What production needs before it sends a buyer anything: links in emails built from APP_URL must
 * reach this server over https, the sender domain must be one that can pass SPF/DKIM, and the
 * support mailbox (mailto: unsubscribes, abuse and vulnerability reports) must be one that exists.
 */
function checkProductionMail(
  appUrl: string | undefined,
  mailFrom: string,
  supportEmail: string,
): void {
  if (!appUrl) {
    throw new ConfigError(
      'APP_URL is required when NODE_ENV=production: unsubscribe and sign-in links in emails are built from it (e.g. APP_URL=https://thankly.example.com).',
    );
  }
  if (new URL(appUrl).protocol !== 'https:') {
    throw new ConfigError(
      `APP_URL must start with https:// when NODE_ENV=production (got ${appUrl}): links in emails would otherwise travel unencrypted.`,
    );
  }
  if (!isRealMailDomain(mailFrom)) {
    throw new ConfigError(
      `MAIL_FROM must be an address at a real domain you can send from (SPF/DKIM) when NODE_ENV=production; got ${JSON.stringify(mailFrom)}. Example: MAIL_FROM="Thankly <notes@mail.yourdomain.com>".`,
    );
  }
  if (!isRealMailDomain(supportEmail)) {
    throw new ConfigError(
      `SUPPORT_EMAIL must be a mailbox someone reads when NODE_ENV=production (buyers' mailto: unsubscribes and abuse reports go there); got ${JSON.stringify(supportEmail)}. Example: SUPPORT_EMAIL=support@yourdomain.com.`,
    );
  }
}

type AnySections = Record<string, ConfigSection<unknown>>;

/**
 * Reads the environment once at boot, with the capabilities' `sections` (app-config.ts, the
 * composition root's loadConfig, names them); a bad value stops the process with a readable list.
 */
export function loadConfigWith<Sections extends AnySections>(
  env: NodeJS.ProcessEnv,
  sections: Sections,
): Config & SectionSettings<Sections> {
  const sectionEnv = z
    .object(Object.assign({}, ...Object.values(sections).map((s) => s.envFields)) as z.ZodRawShape)
    .safeParse(env);
  const parsed = envSchema.safeParse(env);
  if (!sectionEnv.success || !parsed.success) {
    const issues = [...(sectionEnv.error?.issues ?? []), ...(parsed.error?.issues ?? [])];
    const lines = issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.APP_SECRET) {
    throw new ConfigError('APP_SECRET is required when NODE_ENV=production.');
  }
  if (e.NODE_ENV === 'production') checkProductionMail(e.APP_URL, e.MAIL_FROM, e.SUPPORT_EMAIL);
  if (e.ALLOW_DEMO_IN_PRODUCTION !== undefined) {
    throw new ConfigError(
      'ALLOW_DEMO_IN_PRODUCTION is no longer read. Each stand-in is allowed in production on its own: ALLOW_DEMO_SHOP, ALLOW_DEMO_CHECKOUT and ALLOW_OUTBOX. Set the ones you need and remove ALLOW_DEMO_IN_PRODUCTION.',
    );
  }
  const isProduction = e.NODE_ENV === 'production';
  const standIns: StandIns = {
    demoShop: !isProduction || e.ALLOW_DEMO_SHOP,
    demoCheckout: !isProduction || e.ALLOW_DEMO_CHECKOUT,
    outbox: !isProduction || e.ALLOW_OUTBOX,
  };
  const sectionSettings = Object.fromEntries(
    Object.entries(sections).map(([key, section]) => [
      key,
      section.read(sectionEnv.data, standIns),
    ]),
  ) as SectionSettings<Sections>;
  if (!e.SMTP_URL && !standIns.outbox) {
    throw new ConfigError(
      'SMTP_URL is required when NODE_ENV=production (or set ALLOW_OUTBOX=true to keep mail in the local outbox, readable only by the account it belongs to and the operator).',
    );
  }
  if (e.S3_BUCKET && (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'S3_BUCKET is set, so uploaded images go to S3: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY too.',
    );
  }
  if (e.SENDER_SPF_MODE === 'include' && !e.SPF_INCLUDE) {
    throw new ConfigError(
      "SENDER_SPF_MODE=include needs SPF_INCLUDE: your relay's SPF domain, e.g. SPF_INCLUDE=sendgrid.net.",
    );
  }
  if ((e.DKIM_PRIVATE_KEY === undefined) !== (e.DKIM_SELECTOR === undefined)) {
    throw new ConfigError(
      e.DKIM_PRIVATE_KEY
        ? 'DKIM_PRIVATE_KEY needs DKIM_SELECTOR: the name its public key is published under (<selector>._domainkey.<MAIL_FROM domain>).'
        : 'DKIM_SELECTOR is set without DKIM_PRIVATE_KEY: set both, or neither (a key is then made once and kept in DATA_DIR).',
    );
  }
  const stripeSet = STRIPE_SETTINGS.filter((name) => e[name] !== undefined);
  if (stripeSet.length > 0 && stripeSet.length < STRIPE_SETTINGS.length) {
    const missing = STRIPE_SETTINGS.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Card payments need every Stripe setting; missing: ${missing.join(', ')}.`,
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    appUrlConfigured: e.APP_URL !== undefined,
    dataDir: path.resolve(e.DATA_DIR),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
        }
      : undefined,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    appSecret: e.APP_SECRET,
    previousAppSecrets: e.APP_SECRET_PREVIOUS ?? [],
    smtpUrl: e.SMTP_URL,
    relay: { maxConnections: e.SMTP_MAX_CONNECTIONS, ratePerSecond: e.SMTP_RATE_PER_SECOND },
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    role: e.ROLE,
    webDist: path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    standIns,
    trustProxy: e.TRUST_PROXY,
    operatorToken: e.OPERATOR_TOKEN,
    ...sectionSettings,
    sendLeaseSeconds: e.SEND_LEASE_SECONDS,
    deliverability: {
      dnsServers: e.DNS_SERVERS?.split(',')
        .map((server) => server.trim())
        .filter(Boolean),
      bounceDomain: (e.BOUNCE_DOMAIN ?? mailDomain(e.MAIL_FROM) ?? 'thankly.local').toLowerCase(),
      bounceSmtpPort: e.BOUNCE_SMTP_PORT,
      bounceSmtpHost: e.BOUNCE_SMTP_HOST,
      spfMode: e.SENDER_SPF_MODE,
      spfInclude: e.SPF_INCLUDE,
      sendgridWebhookPublicKey: e.SENDGRID_WEBHOOK_PUBLIC_KEY,
      linkHost: e.LINK_HOST?.toLowerCase(),
      platformDkim:
        e.DKIM_PRIVATE_KEY && e.DKIM_SELECTOR
          ? { privateKey: e.DKIM_PRIVATE_KEY, selector: e.DKIM_SELECTOR.toLowerCase() }
          : undefined,
    },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          prices: {
            growth: { month: e.STRIPE_PRICE_GROWTH_MONTH!, year: e.STRIPE_PRICE_GROWTH_YEAR! },
            business: {
              month: e.STRIPE_PRICE_BUSINESS_MONTH!,
              year: e.STRIPE_PRICE_BUSINESS_YEAR!,
            },
          },
          apiUrl: e.STRIPE_API_URL,
        }
      : undefined,
  };
}
