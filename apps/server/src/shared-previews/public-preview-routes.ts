// GET /preview/<token>: a shared preview, opened by anyone holding the link, with no account.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SHARED_PREVIEW_PATH } from '@thankly/api-contract';
import { parseDesign } from '@thankly/email';
import { z } from 'zod';
import { composeSampleEmail } from '../templates/sample-email.ts';
import { sharedPreviewPage, tooManyRequestsPage, unavailablePage } from './preview-page.ts';
import { SHARE_TOKEN_PATTERN, findSharedTemplate } from './shared-previews-service.ts';

/**
 * Nothing on the page may load or run but the email's own styles, fonts and images: no script at
 * all, no form, no frame of this page elsewhere, no <base>. The email's srcdoc frame inherits this
 * policy, which is why images (from anywhere, as in any email) and inline styles are allowed.
 */
const PREVIEW_CSP = [
  "default-src 'none'",
  "script-src 'none'",
  "style-src 'unsafe-inline' https://fonts.googleapis.com",
  'font-src https://fonts.gstatic.com data:',
  "img-src 'self' https: data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Where the buyer in a sample email would be; the test unsubscribe link makes no use of it. */
const SAMPLE_RECIPIENT = 'alex.morgan@example.com';

/** The marker composeBuyerEmail puts before a seller's test subject; buyers never see it. */
const TEST_SUBJECT_PREFIX = '[Test] ';

const wildcardParams = z.object({ '*': z.string().max(200) });

/**
 * Headers for every answer of this route, the good page and the refusals alike: the token in the
 * address must not travel on (no Referer), land in a cache or a search index, and the page is
 * never framed. It reads no session and sets no cookie: it is the same for everyone holding it.
 */
function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex, nofollow, noarchive')
    .header('content-security-policy', PREVIEW_CSP)
    .header('x-frame-options', 'DENY')
    .send(html);
}

export async function publicPreviewRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const limit = ctx.rateLimits.sharedPreviewPerClient;
  const checkLimit = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `shared-preview:${request.ip}`,
  });

  // A wildcard, so an address of any length or shape gets this route's page and headers rather
  // than the web app's: the same "no longer works" page for whatever is not a live link.
  const openPreview = async (request: FastifyRequest, reply: FastifyReply) => {
    const hit = await checkLimit(request);
    if (!hit.isAllowed && hit.isExceeded) {
      reply.header('retry-after', hit.ttlInSeconds);
      return sendPage(reply, 429, tooManyRequestsPage(hit.ttlInSeconds));
    }
    const params = wildcardParams.safeParse(request.params);
    const token = params.success ? params.data['*'] : '';
    // A token of another shape was never made here: no query for it.
    const found = SHARE_TOKEN_PATTERN.test(token)
      ? await findSharedTemplate(ctx.db, token, ctx.clock.now())
      : undefined;
    if (!found) return sendPage(reply, 404, unavailablePage());

    const { template, seller, share } = found;
    const design = parseDesign(template.design);
    if (!design.ok) {
      request.log.error(
        { templateId: template.id, problem: design.error },
        'stored design unreadable',
      );
      return sendPage(reply, 404, unavailablePage());
    }
    // Composed exactly as a seller's test email is (the buyer's email with sample order values,
    // the footer, an unsubscribe link that does nothing, no tracking), from the published template.
    const { email } = await composeSampleEmail(
      ctx,
      seller,
      { ...template, design: design.design },
      {
        recipient: SAMPLE_RECIPIENT,
        test: true,
      },
    );
    const subject = email.subject.startsWith(TEST_SUBJECT_PREFIX)
      ? email.subject.slice(TEST_SUBJECT_PREFIX.length)
      : email.subject;
    return sendPage(
      reply,
      200,
      sharedPreviewPage({
        templateName: template.name,
        from:
          typeof email.from === 'object'
            ? email.from
            : { name: template.name, address: email.from ?? ctx.config.mailFrom },
        subject,
        html: email.html,
        expiresAt: share.expiresAt,
      }),
    );
  };
  app.get(`${SHARED_PREVIEW_PATH}/*`, openPreview);
  // `/preview/` reaches here too: the router drops a trailing slash before matching.
  app.get(SHARED_PREVIEW_PATH, openPreview);
}
