import type { FastifyInstance } from 'fastify';
import { endpoints } from '@thankly/api-contract/endpoints';
import { checkContent, sanitizeDesign, type SpamScore } from '@thankly/email';
import { currentUser, requireUser } from '../auth/session-plugin.ts';
import { loggableError } from '../infrastructure/http/loggable-error.ts';
import { rateLimitBy } from '../infrastructure/http/rate-limits.ts';
import { route } from '../infrastructure/http/route.ts';
import { appSecretKeys } from '../infrastructure/config/app-secret.ts';
import { withOriginalLinks } from '../insights/tracked-html.ts';
import { measureSentEmail } from '../buyer-email/sent-size.ts';
import { composeSampleEmail } from '../templates/sample-email.ts';
import { rawMessage } from './raw-message.ts';
import { createSpamAssassin, type SpamScorer } from './spamassassin.ts';

/** Who the checked email is addressed to: a buyer, as far as the filters can tell. */
const SAMPLE_RECIPIENT = 'buyer@example.com';

export interface ContentCheckRouteOptions {
  /** Tests may substitute another scorer; the default runs the spamassassin command. */
  spamScorer?: SpamScorer;
}

export async function contentCheckRoutes(
  app: FastifyInstance,
  options: ContentCheckRouteOptions = {},
) {
  app.addHook('onRequest', requireUser);
  // One scorer per app: its limit on concurrent runs holds for every seller checking at once.
  const spamScorer = options.spamScorer ?? createSpamAssassin();

  route(app, endpoints.templates.deliverabilityCheck, {
    preHandler: rateLimitBy(
      app,
      'content-check',
      app.ctx.rateLimits.contentCheckPerUser,
      (request) => request.user!.id,
    ),
  })(async ({ body: input }, request) => {
    const seller = currentUser(request);
    // Checked as it would be saved (rich text sanitised) and sent: the seller's own shop and
    // coupon where they have them, sample order values for the rest, footer and headers.
    const design = sanitizeDesign(input.design);
    const { email } = await composeSampleEmail(
      app.ctx,
      seller,
      { ...input, design, name: '' },
      { recipient: SAMPLE_RECIPIENT, test: false },
    );
    let spamScore: SpamScore;
    try {
      spamScore = await spamScorer.score(await rawMessage(email));
    } catch (error) {
      request.log.error({ err: loggableError(error) }, 'spam check failed');
      spamScore = 'failed';
    }
    // Sized as the save check sizes it: as sent for the longest order, every link tracked.
    const sentBytes = measureSentEmail(app.ctx.config, { ...input, design, name: '' }).htmlBytes;
    return {
      // Scored with tracked links, as buyers get it; the link rules read where the links lead
      // (a shortener is one behind the click endpoint too).
      findings: checkContent({
        design,
        html: withOriginalLinks(email.html, appSecretKeys(app.ctx.config)),
        text: email.text,
        sentBytes,
        spamScore,
      }),
      htmlBytes: sentBytes,
      spamScore: typeof spamScore === 'number' ? spamScore : null,
    };
  });
}
