// Every JSON endpoint the web app calls, grouped per capability. Its own entry point
// (`@thankly/api-contract/endpoints`), apart from the schemas: pages that import a schema do not
// carry the registry, which only the server, callApi (loaded lazily) and the test mocks need. Paths are under /api. Webhooks,
// OAuth callbacks, the tracking pixel, CSV export, pages, the image upload (multipart) and the
// operator's API are not here: the web app does not call them as JSON.
import { z } from 'zod';
import {
  PAUSE_MESSAGES,
  dailyStatsSchema,
  latestPauseSchema,
  meSchema,
  pauseSchema,
  postalAddressInputSchema,
  thankHeldOrdersSchema,
} from './account.ts';
import { pageViewSchema } from './analytics.ts';
import {
  SHARED_PREVIEW_MESSAGES,
  sharedPreviewCreatedSchema,
  sharedPreviewInputSchema,
  sharedPreviewListSchema,
  sharedPreviewParamsSchema,
} from './shared-previews.ts';
import {
  emailLinkSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  updateEmailSchema,
  updatePasswordSchema,
  userSchema,
} from './auth.ts';
import { billingRedirectSchema, checkoutSchema, registrationCheckoutSchema } from './billing.ts';
import {
  RESTYLE_MESSAGES,
  brandResponseSchema,
  brandUpdateSchema,
  galleryResponseSchema,
  restyleOfferSchema,
  restyleResultSchema,
  restyleUndoResultSchema,
} from './brand.ts';
import { contactSchema } from './contact.ts';
import {
  SENDING_DOMAIN_NOT_FOUND,
  addSendingDomainSchema,
  setLinkDomainSchema,
  contentCheckInputSchema,
  contentCheckReportSchema,
  deliveryHealthSchema,
  sendingDomainReplySchema,
  sendingDomainsReplySchema,
  updateSendingDomainSchema,
} from './deliverability.ts';
import { type Endpoint, endpoint } from './endpoint.ts';
import {
  insightsQuerySchema,
  insightsReplySchema,
  insightsSettingsSchema,
  insightsSettingsUpdateSchema,
} from './insights.ts';
import {
  JOURNEY_MESSAGES,
  demoOrderEventSchema,
  journeyInputSchema,
  journeySchema,
} from './journeys.ts';
import { mediaListSchema } from './media.ts';
import { OUTBOX_MESSAGE_NOT_FOUND, outboxListSchema, outboxMessageSchema } from './outbox.ts';
import { previewOrdersReplySchema } from './preview-orders.ts';
import {
  PURCHASE_MESSAGE_TEXTS,
  purchaseMessageInputSchema,
  purchaseMessageScheduleInputSchema,
  purchaseMessageScheduleSchema,
  purchaseMessageSchema,
} from './purchase-message.ts';
import { PLAN_IDS } from './plan-catalog.ts';
import { planIdSchema } from './plans.ts';
import {
  activityReplySchema,
  connectRedirectSchema,
  demoOrderReplySchema,
  demoOrderSchema,
  sendingSettingsSchema,
  shopSchema,
  SHOP_NOT_FOUND,
  shopifyConnectSchema,
  shopsReplySchema,
  wooConnectReplySchema,
  wooAuthorizeSchema,
  wooConnectSchema,
  wooSetupReplySchema,
} from './sending.ts';
import {
  TEMPLATE_MESSAGES,
  draftParamsSchema,
  effectiveTemplateSchema,
  selectedTemplateSchema,
  templateDeletedSchema,
  templateDraftInputSchema,
  templateDraftReplySchema,
  templateDraftSchema,
  templateInputSchema,
  templateListSchema,
  templateSchema,
} from './templates.ts';
import {
  TEMPLATE_VERSION_MESSAGES,
  templateVersionListSchema,
  templateVersionParamsSchema,
  templateVersionRestoredSchema,
  templateVersionSchema,
} from './template-versions.ts';
import {
  ORDER_NOT_FOUND,
  byHandSummarySchema,
  cardBatchQuerySchema,
  cardBatchSchema,
  cardPrintSettingsSchema,
  cardsPrintedSchema,
  markCardsPrintedSchema,
  markPackedSchema,
  packedSchema,
  marketplaceMessageSchema,
  messageSentSchema,
  shopPreferencesSchema,
  shopAddressInputSchema,
} from './thank-by-hand.ts';
import { emptyTokensReplySchema, testEmailReplySchema } from './token-sources.ts';
import { timeZoneInputSchema } from './time-zones.ts';

/** `{ ok: true }`: done, nothing more to say. */
export const okSchema = z.object({ ok: z.literal(true) });
/** A 204: no body at all (the web app reads it as null). */
export const noContentSchema = z.null();

/** A record's id in the path: a malformed one is the same 404 as a missing one. */
const uuidParams = z.object({ id: z.uuid() });

const auth = {
  register: endpoint({
    method: 'POST',
    path: '/auth/register',
    body: registerSchema,
    reply: z.object({ user: userSchema }),
    status: 201,
  }),
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    body: loginSchema,
    reply: z.object({ user: userSchema }),
  }),
  logout: endpoint({ method: 'POST', path: '/auth/logout', reply: okSchema }),
  /** A visitor is an answer, not an error: `user` is null. */
  me: endpoint({
    method: 'GET',
    path: '/auth/me',
    reply: z.object({ user: userSchema.nullable() }),
  }),
  updateEmail: endpoint({
    method: 'PATCH',
    path: '/auth/update-email',
    body: updateEmailSchema,
    reply: z.object({ user: userSchema, pendingEmail: z.string() }),
  }),
  updatePassword: endpoint({
    method: 'PATCH',
    path: '/auth/update-password',
    body: updatePasswordSchema,
    reply: okSchema,
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/auth/verify-email',
    body: emailLinkSchema,
    reply: z.object({ user: userSchema }),
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/auth/verify-email/resend',
    reply: z.object({ ok: z.literal(true), sentTo: z.string() }),
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/auth/confirm-email',
    body: emailLinkSchema,
    reply: z.object({ user: userSchema }),
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/pw/forgot',
    body: forgotPasswordSchema,
    reply: okSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/pw/reset',
    body: resetPasswordSchema,
    reply: okSchema,
  }),
};

/** A plan as GET /plans offers it. */
const planOfferSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  priceMonthly: z.number(),
  priceYearly: z.number(),
  features: z.array(z.string()),
});
export type PlanOffer = z.output<typeof planOfferSchema>;

const account = {
  plans: endpoint({
    method: 'GET',
    path: '/plans',
    reply: z.object({ plans: z.array(planOfferSchema) }),
  }),
  me: endpoint({ method: 'GET', path: '/me', reply: meSchema }),
  /** One address per account: it belongs to the business, and every template's footer shows it. */
  setPostalAddress: endpoint({
    method: 'PATCH',
    path: '/me/postal-address',
    body: postalAddressInputSchema,
    reply: z.object({ postalAddress: z.string() }),
  }),
  /** The seller's one clock: every time the app shows, and the default for journeys and dates. */
  setTimeZone: endpoint({
    method: 'PATCH',
    path: '/me/time-zone',
    body: timeZoneInputSchema,
    reply: z.object({ timeZone: z.string() }),
  }),
  setPause: endpoint({ method: 'PATCH', path: '/me/pause', body: pauseSchema, reply: pauseSchema }),
  latestPause: endpoint({ method: 'GET', path: '/me/pauses/latest', reply: latestPauseSchema }),
  /** Queue the thank-yous a pause held back, each still at most once. */
  thankHeldOrders: endpoint({
    method: 'POST',
    path: '/pauses/:id/thank',
    params: uuidParams,
    paramsNotFound: PAUSE_MESSAGES.notFound,
    reply: thankHeldOrdersSchema,
  }),
  dailyStats: endpoint({ method: 'GET', path: '/stats/daily', reply: dailyStatsSchema }),
};

const billing = {
  checkout: endpoint({
    method: 'POST',
    path: '/billing/checkout',
    body: checkoutSchema,
    reply: billingRedirectSchema,
  }),
  portal: endpoint({ method: 'POST', path: '/billing/portal', reply: billingRedirectSchema }),
  /** The success page asks for this, so the plan is right even before the webhook lands. */
  sync: endpoint({
    method: 'POST',
    path: '/billing/sync',
    reply: z.object({ plan: planIdSchema }),
  }),
  /** Registration's checkout: the plan as the register form has it ("Growth", "gro"). */
  registrationCheckout: endpoint({
    method: 'POST',
    path: '/stripe/create-checkout-session',
    body: registrationCheckoutSchema,
    reply: billingRedirectSchema,
  }),
};

const contact = {
  send: endpoint({ method: 'POST', path: '/contact', body: contactSchema, reply: okSchema }),
};

const analytics = {
  pageView: endpoint({
    method: 'POST',
    path: '/analytics/page-view',
    body: pageViewSchema,
    reply: noContentSchema,
    status: 204,
  }),
};

const templateId = { params: uuidParams, paramsNotFound: TEMPLATE_MESSAGES.notFound };
const templateVersion = {
  params: templateVersionParamsSchema,
  paramsNotFound: TEMPLATE_VERSION_MESSAGES.notFound,
};
const draftKey = { params: draftParamsSchema, paramsNotFound: TEMPLATE_MESSAGES.notFound };

const templates = {
  list: endpoint({ method: 'GET', path: '/templates/', reply: templateListSchema }),
  create: endpoint({
    method: 'POST',
    path: '/templates',
    body: templateInputSchema,
    reply: templateSchema,
    status: 201,
  }),
  effective: endpoint({
    method: 'GET',
    path: '/templates/effective',
    reply: effectiveTemplateSchema,
  }),
  selected: endpoint({
    method: 'GET',
    path: '/templates/selectors/selected',
    reply: selectedTemplateSchema,
  }),
  select: endpoint({
    method: 'POST',
    path: '/templates/selectors/select/:id',
    ...templateId,
    reply: selectedTemplateSchema,
  }),
  clearSelection: endpoint({
    method: 'DELETE',
    path: '/templates/selectors/selected',
    reply: okSchema,
  }),
  get: endpoint({ method: 'GET', path: '/templates/:id', ...templateId, reply: templateSchema }),
  emptyTokens: endpoint({
    method: 'GET',
    path: '/templates/:id/empty-tokens',
    ...templateId,
    reply: emptyTokensReplySchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/templates/:id',
    ...templateId,
    body: templateInputSchema,
    reply: templateSchema,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/templates/:id',
    ...templateId,
    reply: templateDeletedSchema,
  }),
  /** The autosaved draft of a template (`:id` is its id, or `new`), null when there is none. */
  getDraft: endpoint({
    method: 'GET',
    path: '/templates/:id/draft',
    ...draftKey,
    reply: templateDraftReplySchema,
  }),
  /** Keeps the editor's content as the draft; a 409 when the draft moved past `baseRevision`. */
  saveDraft: endpoint({
    method: 'PUT',
    path: '/templates/:id/draft',
    ...draftKey,
    body: templateDraftInputSchema,
    reply: templateDraftSchema,
  }),
  /** Discards the draft: the editor goes back to the published template. */
  discardDraft: endpoint({
    method: 'DELETE',
    path: '/templates/:id/draft',
    ...draftKey,
    reply: okSchema,
  }),
  /** Version history (docs/decisions/021): the template's versions, newest first. */
  listVersions: endpoint({
    method: 'GET',
    path: '/templates/:id/versions',
    ...templateId,
    reply: templateVersionListSchema,
  }),
  /** One version in full, for the read-only view and the comparison. */
  getVersion: endpoint({
    method: 'GET',
    path: '/templates/:id/versions/:versionId',
    ...templateVersion,
    reply: templateVersionSchema,
  }),
  /** Publishes an older version again, as a new version. */
  restoreVersion: endpoint({
    method: 'POST',
    path: '/templates/:id/versions/:versionId/restore',
    ...templateVersion,
    reply: templateVersionRestoredSchema,
  }),
  /** Undoes a restore (`:versionId` is the restore): what was live before is live again. */
  undoRestore: endpoint({
    method: 'POST',
    path: '/templates/:id/versions/:versionId/undo-restore',
    ...templateVersion,
    reply: templateVersionRestoredSchema,
  }),
  /** The starter designs wearing the seller's brand. */
  gallery: endpoint({ method: 'GET', path: '/templates/gallery', reply: galleryResponseSchema }),
  /** The editor's check of an email as buyers get it, saved or not. */
  deliverabilityCheck: endpoint({
    method: 'POST',
    path: '/templates/deliverability-check',
    body: contentCheckInputSchema,
    reply: contentCheckReportSchema,
  }),
  sendTest: endpoint({
    method: 'POST',
    path: '/emails/test/:id',
    ...templateId,
    reply: testEmailReplySchema,
  }),
  /**
   * A test of what the editor shows, saved or not: the posted template is checked by the schema a
   * save uses, sanitised and rendered as a saved one is, and shares the saved test's rate limit.
   */
  sendTestDraft: endpoint({
    method: 'POST',
    path: '/emails/test',
    body: templateInputSchema,
    reply: testEmailReplySchema,
  }),
};

const brand = {
  get: endpoint({ method: 'GET', path: '/brand', reply: brandResponseSchema }),
  update: endpoint({
    method: 'PUT',
    path: '/brand',
    body: brandUpdateSchema,
    reply: brandResponseSchema,
  }),
  /** How many templates the brand would restyle now. */
  restyleOffer: endpoint({ method: 'GET', path: '/brand/restyle', reply: restyleOfferSchema }),
  /** Every template wears the brand (what the seller set by hand kept), as one undoable step. */
  restyle: endpoint({
    method: 'POST',
    path: '/brand/restyle',
    body: z.strictObject({}).optional(),
    reply: restyleResultSchema,
  }),
  /** The seller's latest restyle, undone: its templates back as they were. */
  undoRestyle: endpoint({
    method: 'POST',
    path: '/brand/restyle/:id/undo',
    params: uuidParams,
    paramsNotFound: RESTYLE_MESSAGES.notFound,
    reply: restyleUndoResultSchema,
  }),
};

const media = {
  list: endpoint({ method: 'GET', path: '/media', reply: mediaListSchema }),
  /** A 409 with `usedIn` (mediaInUseSchema) while saved templates use it, unless forced. */
  delete: endpoint({
    method: 'DELETE',
    path: '/media/:id',
    params: z.object({ id: z.string() }),
    query: z.object({ force: z.string().optional() }),
    reply: noContentSchema,
    status: 204,
  }),
};

const shopId = { params: uuidParams, paramsNotFound: SHOP_NOT_FOUND };
const scheduleEntryParams = z.object({ id: z.uuid(), entryId: z.uuid() });

const shops = {
  list: endpoint({ method: 'GET', path: '/shops', reply: shopsReplySchema }),
  disconnect: endpoint({ method: 'DELETE', path: '/shops/:id', ...shopId, reply: okSchema }),
  setPreferences: endpoint({
    method: 'PUT',
    path: '/shops/:id/preferences',
    ...shopId,
    body: shopPreferencesSchema,
    reply: shopSchema,
  }),
  setAddress: endpoint({
    method: 'PUT',
    path: '/shops/:id/address',
    ...shopId,
    body: shopAddressInputSchema,
    reply: shopSchema,
  }),
  demoOrder: endpoint({
    method: 'POST',
    path: '/shops/:id/demo-order',
    ...shopId,
    body: demoOrderSchema,
    reply: demoOrderReplySchema,
  }),
  /** The Etsy shop's purchase message, compared with Etsy's current one. */
  purchaseMessage: endpoint({
    method: 'GET',
    path: '/shops/:id/purchase-message',
    ...shopId,
    reply: purchaseMessageSchema,
  }),
  /** Saves the purchase message to Etsy; answers once Etsy accepted it. */
  setPurchaseMessage: endpoint({
    method: 'PUT',
    path: '/shops/:id/purchase-message',
    ...shopId,
    body: purchaseMessageInputSchema,
    reply: purchaseMessageSchema,
  }),
  /** Takes Etsy's version of a message changed on Etsy as the shop's, without writing to Etsy. */
  keepEtsyPurchaseMessage: endpoint({
    method: 'POST',
    path: '/shops/:id/purchase-message/keep-etsy',
    ...shopId,
    reply: purchaseMessageSchema,
  }),
  /** The shop's dated purchase messages, whose texts are live on Etsy, and the next switch. */
  purchaseMessageSchedule: endpoint({
    method: 'GET',
    path: '/shops/:id/purchase-message/schedule',
    ...shopId,
    reply: purchaseMessageScheduleSchema,
  }),
  /** Adds a dated message; one whose range holds today goes to Etsy at once. */
  addPurchaseMessageScheduleEntry: endpoint({
    method: 'POST',
    path: '/shops/:id/purchase-message/schedule',
    ...shopId,
    body: purchaseMessageScheduleInputSchema,
    reply: purchaseMessageScheduleSchema,
    status: 201,
  }),
  updatePurchaseMessageScheduleEntry: endpoint({
    method: 'PUT',
    path: '/shops/:id/purchase-message/schedule/:entryId',
    params: scheduleEntryParams,
    paramsNotFound: PURCHASE_MESSAGE_TEXTS.scheduleNotFound,
    body: purchaseMessageScheduleInputSchema,
    reply: purchaseMessageScheduleSchema,
  }),
  /** Removes a dated message; if it is live, the regular message goes back to Etsy. */
  deletePurchaseMessageScheduleEntry: endpoint({
    method: 'DELETE',
    path: '/shops/:id/purchase-message/schedule/:entryId',
    params: scheduleEntryParams,
    paramsNotFound: PURCHASE_MESSAGE_TEXTS.scheduleNotFound,
    reply: purchaseMessageScheduleSchema,
  }),
  etsyConnect: endpoint({ method: 'GET', path: '/etsy/connect', reply: connectRedirectSchema }),
  shopifyConnect: endpoint({
    method: 'POST',
    path: '/shopify/connect',
    body: shopifyConnectSchema,
    reply: connectRedirectSchema,
  }),
  wooConnect: endpoint({
    method: 'POST',
    path: '/woocommerce/shops',
    body: wooConnectSchema,
    reply: wooConnectReplySchema,
    status: 201,
  }),
  /** WooCommerce's application authorisation: { url } of the store's page to approve Thankly. */
  wooAuthorize: endpoint({
    method: 'POST',
    path: '/woocommerce/authorize',
    body: wooAuthorizeSchema,
    reply: connectRedirectSchema,
  }),
  wooSetup: endpoint({
    method: 'GET',
    path: '/woocommerce/shops/:id/setup',
    ...shopId,
    reply: wooSetupReplySchema,
  }),
};

const sending = {
  /** The seller's latest orders and what became of each. */
  activity: endpoint({ method: 'GET', path: '/activity', reply: activityReplySchema }),
  settings: endpoint({ method: 'GET', path: '/sending/settings', reply: sendingSettingsSchema }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/sending/settings',
    body: sendingSettingsSchema,
    reply: sendingSettingsSchema,
  }),
};

const orderId = { params: uuidParams, paramsNotFound: ORDER_NOT_FOUND };

const journeys = {
  /** The seller's journey: the thank-you step, then the follow-up steps. */
  journey: endpoint({ method: 'GET', path: '/journey', reply: journeySchema }),
  saveJourney: endpoint({
    method: 'PUT',
    path: '/journey',
    body: journeyInputSchema,
    reply: journeySchema,
  }),
  /** Cancels one scheduled follow-up email (an id of an order's `steps`). */
  cancelScheduled: endpoint({
    method: 'POST',
    path: '/activity/:id/cancel',
    params: uuidParams,
    paramsNotFound: JOURNEY_MESSAGES.emailNotFound,
    reply: okSchema,
  }),
  /** The demo shop's order moves on (shipped, delivered, refunded), as a marketplace reports it. */
  demoOrderEvent: endpoint({
    method: 'POST',
    path: '/orders/:id/demo-event',
    ...orderId,
    body: demoOrderEventSchema,
    reply: okSchema,
  }),
};

const byHand = {
  summary: endpoint({ method: 'GET', path: '/by-hand/summary', reply: byHandSummarySchema }),
  cards: endpoint({
    method: 'GET',
    path: '/cards',
    query: cardBatchQuerySchema,
    reply: cardBatchSchema,
  }),
  markPrinted: endpoint({
    method: 'POST',
    path: '/cards/printed',
    body: markCardsPrintedSchema,
    reply: cardsPrintedSchema,
  }),
  markPacked: endpoint({
    method: 'POST',
    path: '/cards/packed',
    body: markPackedSchema,
    reply: packedSchema,
  }),
  settings: endpoint({ method: 'GET', path: '/cards/settings', reply: cardPrintSettingsSchema }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/cards/settings',
    body: cardPrintSettingsSchema,
    reply: cardPrintSettingsSchema,
  }),
  message: endpoint({
    method: 'GET',
    path: '/orders/:id/message',
    ...orderId,
    reply: marketplaceMessageSchema,
  }),
  markMessageSent: endpoint({
    method: 'POST',
    path: '/orders/:id/message-sent',
    ...orderId,
    reply: messageSentSchema,
  }),
};

const domainId = { params: uuidParams, paramsNotFound: SENDING_DOMAIN_NOT_FOUND };

const deliverability = {
  domains: endpoint({ method: 'GET', path: '/sending-domains', reply: sendingDomainsReplySchema }),
  addDomain: endpoint({
    method: 'POST',
    path: '/sending-domains',
    body: addSendingDomainSchema,
    reply: sendingDomainReplySchema,
    status: 201,
  }),
  updateDomain: endpoint({
    method: 'PUT',
    path: '/sending-domains/:id',
    ...domainId,
    body: updateSendingDomainSchema,
    reply: sendingDomainReplySchema,
  }),
  removeDomain: endpoint({
    method: 'DELETE',
    path: '/sending-domains/:id',
    ...domainId,
    reply: okSchema,
  }),
  verifyDomain: endpoint({
    method: 'POST',
    path: '/sending-domains/:id/verify',
    ...domainId,
    reply: sendingDomainReplySchema,
  }),
  /** Adds or changes the domain's branded link host (pending until its CNAME is found). */
  setLinkDomain: endpoint({
    method: 'PUT',
    path: '/sending-domains/:id/link-domain',
    ...domainId,
    body: setLinkDomainSchema,
    reply: sendingDomainReplySchema,
  }),
  removeLinkDomain: endpoint({
    method: 'DELETE',
    path: '/sending-domains/:id/link-domain',
    ...domainId,
    reply: sendingDomainReplySchema,
  }),
  verifyLinkDomain: endpoint({
    method: 'POST',
    path: '/sending-domains/:id/link-domain/verify',
    ...domainId,
    reply: sendingDomainReplySchema,
  }),
  /** The seller's bounce and complaint rates, and whether sending was paused because of them. */
  health: endpoint({ method: 'GET', path: '/deliverability/health', reply: deliveryHealthSchema }),
};

const insights = {
  report: endpoint({
    method: 'GET',
    path: '/insights',
    query: insightsQuerySchema,
    reply: insightsReplySchema,
  }),
  settings: endpoint({ method: 'GET', path: '/insights/settings', reply: insightsSettingsSchema }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/insights/settings',
    body: insightsSettingsUpdateSchema,
    reply: insightsSettingsSchema,
  }),
};

/** The registry: `endpoints.templates.update`, named in the web app as `'PUT /templates/:id'`. */
/** The local outbox (trying-out mode, no mail relay): the seller's own account's mail. */
const outbox = {
  list: endpoint({ method: 'GET', path: '/outbox', reply: outboxListSchema }),
  message: endpoint({
    method: 'GET',
    path: '/outbox/:id',
    params: uuidParams,
    paramsNotFound: OUTBOX_MESSAGE_NOT_FOUND,
    reply: outboxMessageSchema,
  }),
};

/**
 * A template's shared read-only preview links (docs/decisions/022-shared-previews.md); the page a
 * link opens is not JSON and lives outside the contract (`/preview/<token>`).
 */
const sharedPreviewKey = {
  params: sharedPreviewParamsSchema,
  paramsNotFound: SHARED_PREVIEW_MESSAGES.notFound,
};
const sharedPreviews = {
  list: endpoint({
    method: 'GET',
    path: '/templates/:id/shares',
    ...templateId,
    reply: sharedPreviewListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/templates/:id/shares',
    ...templateId,
    body: sharedPreviewInputSchema,
    reply: sharedPreviewCreatedSchema,
    status: 201,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/templates/:id/shares/:shareId',
    ...sharedPreviewKey,
    reply: okSchema,
  }),
};

/** The seller's own recent orders, to preview a design with ("Preview as" in the editor). */
const preview = {
  orders: endpoint({ method: 'GET', path: '/preview-orders', reply: previewOrdersReplySchema }),
};

export const endpoints = {
  journeys,
  sharedPreviews,
  outbox,
  preview,
  auth,
  account,
  billing,
  contact,
  analytics,
  templates,
  brand,
  media,
  shops,
  sending,
  byHand,
  deliverability,
  insights,
};

export type Endpoints = typeof endpoints;

type AnyEndpoint = { [G in keyof Endpoints]: Endpoints[G][keyof Endpoints[G]] }[keyof Endpoints];

/**
 * An endpoint's key: its method and path, `'PUT /templates/:id'`. The web app names endpoints by
 * key, so a call imports no schema (and reads like the request it makes).
 */
export type EndpointKey = AnyEndpoint extends infer E
  ? E extends Endpoint
    ? `${E['method']} ${E['path']}`
    : never
  : never;

/** The endpoint a key names. */
export type EndpointAt<K extends EndpointKey> = AnyEndpoint extends infer E
  ? E extends Endpoint
    ? `${E['method']} ${E['path']}` extends K
      ? E
      : never
    : never
  : never;

let byKey: Map<string, Endpoint> | undefined;

/** The endpoint of a key; throws for a key no endpoint has (a type error already). */
export function endpointAt<K extends EndpointKey>(key: K): EndpointAt<K> {
  byKey ??= new Map(
    Object.values(endpoints).flatMap((group) =>
      Object.values(group).map((e: Endpoint) => [`${e.method} ${e.path}`, e] as const),
    ),
  );
  const found = byKey.get(key);
  if (!found) throw new Error(`No endpoint ${key} in the API contract`);
  return found as EndpointAt<K>;
}

/** Every endpoint, for tools that walk the contract (test mocks, documentation). */
export function allEndpoints(): Endpoint[] {
  return Object.values(endpoints).flatMap((group) => Object.values(group) as Endpoint[]);
}
