import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DnsRecordCheck, SendingDomain } from '@thankly/api-contract';
import { eq } from 'drizzle-orm';
import { createDefaultTemplate } from '@thankly/email';
import { authenticate } from 'mailauth';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dkimPublicKeyOf } from '../../src/infrastructure/config/dkim-key-field.ts';
import { platformDkimKeys, sendingDomains, users } from '../../src/infrastructure/db/schema.ts';
import {
  LEGACY_KEY_FILE,
  resolvePlatformDkim,
  selectorFor,
} from '../../src/infrastructure/mail/platform-dkim.ts';
import {
  decryptSecret,
  encryptSecret,
} from '../../src/infrastructure/crypto/credentials-crypto.ts';
import { recheckDueDomains } from '../../src/sending-domains/recheck-job.ts';
import { resealDkimKeys } from '../../src/sending-domains/reseal-dkim-keys.ts';
import { type LocalDns, startLocalDns } from '../support/local-dns.ts';
import {
  connectDemoShop,
  selectDefaultTemplate,
  settled,
  waitForActivity,
} from '../support/sending-helpers.ts';
import type { ReceivedMail } from '../support/smtp-sink.ts';
import { type TestApp, type TestClient, startTestApp } from '../support/test-app.ts';

const BOUNCE_DOMAIN = 'bounces.thankly.test';
/** Where sellers' link hosts point their CNAME (LINK_HOST). */
const LINK_HOST = 'links.thankly.test';
/** Per seller, for adding and for verifying: above what any other test here does. */
const VERIFY_LIMIT = 20;

let dns: LocalDns;
let app: TestApp;
beforeAll(async () => {
  dns = await startLocalDns();
  app = await startTestApp(
    {
      dispatcher: { idleMs: 100 },
      rateLimits: { sendingDomainsPerUser: { max: VERIFY_LIMIT, windowMs: 60_000 } },
    },
    { env: { DNS_SERVERS: dns.server, BOUNCE_DOMAIN, LINK_HOST } },
  );
});
afterAll(async () => {
  await app?.close();
  await dns?.close();
});

/** The DATA_DIRs of the other processes the tests play, removed after the file. */
const otherDataDirs: string[] = [];
async function otherDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'thankly-data-'));
  otherDataDirs.push(dataDir);
  return dataDir;
}
afterAll(() =>
  Promise.all(otherDataDirs.map((dataDir) => rm(dataDir, { recursive: true, force: true }))),
);

let domainSequence = 0;
/** A domain no other test uses, so the local DNS holds only this test's records for it. */
const uniqueDomain = (label: string) => `${label}-${++domainSequence}.test`;

async function sellerOnPlan(plan: 'free' | 'growth' | 'business') {
  const seller = await app.seller();
  await app.ctx.db.update(users).set({ plan }).where(eq(users.id, seller.user.id));
  return seller;
}

async function addDomain(client: TestClient, domain: string, localPart = 'hello') {
  const added = await client.post('/api/sending-domains', { domain, localPart });
  expect(added.status).toBe(201);
  return added.body.domain as SendingDomain;
}

const recordOf = (domain: SendingDomain, purpose: DnsRecordCheck['purpose']) =>
  domain.records.find((record) => record.purpose === purpose)!;

/** What a seller does with the records shown: copies each into their DNS provider. */
function publish(domain: SendingDomain, ...purposes: DnsRecordCheck['purpose'][]) {
  for (const purpose of purposes) {
    const { name, type, value } = recordOf(domain, purpose);
    dns.publish(name, type, value);
  }
}

async function verify(client: TestClient, id: string): Promise<SendingDomain> {
  const verified = await client.post(`/api/sending-domains/${id}/verify`);
  expect(verified.status).toBe(200);
  return verified.body.domain as SendingDomain;
}

async function storedRow(id: string) {
  const [row] = await app.ctx.db.select().from(sendingDomains).where(eq(sendingDomains.id, id));
  return row!;
}

async function domainsHeldBy(userId: string) {
  return app.ctx.db.select().from(sendingDomains).where(eq(sendingDomains.userId, userId));
}

describe('adding and verifying a domain', () => {
  test('a Growth seller adds a domain and sees the records to publish, unchecked', async () => {
    const { client } = await sellerOnPlan('growth');
    const empty = await client.get('/api/sending-domains');
    expect(empty.body).toEqual({
      domains: [],
      allowed: true,
      defaultFromAddress: 'hello@thankly.local',
    });

    const added = await client.post('/api/sending-domains', {
      domain: ' https://Shop-Records.TEST/ ',
      localPart: 'Orders',
    });
    expect(added.status).toBe(201);
    const domain = added.body.domain as SendingDomain;
    expect(domain).toMatchObject({
      domain: 'shop-records.test',
      localPart: 'orders',
      fromAddress: 'orders@shop-records.test',
      status: 'pending',
      lastCheckedAt: null,
      verifiedAt: null,
    });
    expect(domain.records.map((record) => [record.purpose, record.type, record.status])).toEqual([
      ['dkim', 'TXT', 'unchecked'],
      ['return-path', 'CNAME', 'unchecked'],
      ['dmarc', 'TXT', 'unchecked'],
    ]);
    const dkim = recordOf(domain, 'dkim');
    expect(dkim.name).toMatch(/^thankly-[0-9a-f]{8}\._domainkey\.shop-records\.test$/);
    const publicKey = /^v=DKIM1; k=rsa; p=([A-Za-z0-9+/]+=*)$/.exec(dkim.value)![1]!;
    const key = createPublicKey({
      key: Buffer.from(publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(recordOf(domain, 'return-path')).toMatchObject({
      name: 'thankly-bounces.shop-records.test',
      value: BOUNCE_DOMAIN,
      required: true,
    });
    expect(recordOf(domain, 'dmarc')).toMatchObject({
      name: '_dmarc.shop-records.test',
      // Reports to the seller's own domain: SUPPORT_EMAIL's domain publishes no
      // shop-records.test._report._dmarc record, so receivers would drop reports sent there.
      value: 'v=DMARC1; p=none; rua=mailto:dmarc@shop-records.test',
      required: false,
    });
    expect(recordOf(domain, 'dmarc').explanation).toContain(
      'thankly.local must publish shop-records.test._report._dmarc.thankly.local',
    );
    expect((await client.get('/api/sending-domains')).body.domains).toEqual([domain]);
  });

  test('verify finds nothing, explains what is missing, then verifies once the records are published', async () => {
    const { client } = await sellerOnPlan('business');
    const domain = await addDomain(client, uniqueDomain('flow'));

    const nothing = await verify(client, domain.id);
    expect(nothing.status).toBe('pending');
    expect(nothing.lastCheckedAt).not.toBeNull();
    expect(nothing.verifiedAt).toBeNull();
    for (const record of nothing.records) {
      expect(record.status).toBe('missing');
      expect(record.explanation).toContain(record.name);
    }

    publish(domain, 'dkim', 'return-path');
    const verified = await verify(client, domain.id);
    expect(verified.status).toBe('verified');
    expect(verified.verifiedAt).not.toBeNull();
    expect(verified.records.map((record) => [record.purpose, record.status])).toEqual([
      ['dkim', 'ok'],
      ['return-path', 'ok'],
      // Recommended, not required: the domain verifies without it.
      ['dmarc', 'missing'],
    ]);
    expect((await client.get('/api/sending-domains')).body.domains).toEqual([verified]);
  });

  test('a DKIM record with another key is wrong, and says so', async () => {
    const { client } = await sellerOnPlan('growth');
    const domain = await addDomain(client, uniqueDomain('wrong-key'));
    publish(domain, 'return-path');
    dns.publish(
      recordOf(domain, 'dkim').name,
      'TXT',
      'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A',
    );
    const checked = await verify(client, domain.id);
    expect(checked.status).toBe('pending');
    expect(recordOf(checked, 'dkim')).toMatchObject({ status: 'wrong' });
    expect(recordOf(checked, 'dkim').explanation).toMatch(/different key/);
  });

  test('a lookup the DNS server fails leaves a verified domain verified and says to try again', async () => {
    const { client } = await sellerOnPlan('growth');
    const domain = await addDomain(client, uniqueDomain('servfail'));
    publish(domain, 'dkim', 'return-path');
    expect((await verify(client, domain.id)).status).toBe('verified');

    const dkimName = recordOf(domain, 'dkim').name;
    dns.failWith(dkimName, 'SERVFAIL');
    try {
      const checked = await verify(client, domain.id);
      expect(checked.status).toBe('verified');
      expect(recordOf(checked, 'dkim').status).toBe('ok');
      expect(recordOf(checked, 'dkim').explanation).toMatch(/lookup failed.*try Verify again/);
    } finally {
      dns.failWith(dkimName, null);
    }
  });

  test('the private key is stored sealed with APP_SECRET, and opens to the key the record publishes', async () => {
    const { client } = await sellerOnPlan('growth');
    const domain = await addDomain(client, uniqueDomain('sealed'));
    const row = await storedRow(domain.id);
    expect(row.dkimPrivateKey).not.toMatch(/BEGIN|PRIVATE KEY/);
    const pem = decryptSecret(row.dkimPrivateKey, app.ctx.config.appSecret);
    expect(pem).toContain('BEGIN PRIVATE KEY');
    const derived = createPublicKey(pem).export({ type: 'spki', format: 'der' }).toString('base64');
    expect(recordOf(domain, 'dkim').value).toBe(`v=DKIM1; k=rsa; p=${derived}`);
  });

  test('after an APP_SECRET rotation the key is sealed again with the current secret', async () => {
    const { client } = await sellerOnPlan('growth');
    const domain = await addDomain(client, uniqueDomain('rotated'));
    const previous = 'previous-secret-'.padEnd(48, 'p');
    const pem = decryptSecret(
      (await storedRow(domain.id)).dkimPrivateKey,
      app.ctx.config.appSecret,
    );
    await app.ctx.db
      .update(sendingDomains)
      .set({ dkimPrivateKey: encryptSecret(pem, previous) })
      .where(eq(sendingDomains.id, domain.id));
    const rotated = { ...app.ctx, config: { ...app.ctx.config, previousAppSecrets: [previous] } };

    expect(await resealDkimKeys(rotated)).toBeGreaterThanOrEqual(1);
    const resealed = (await storedRow(domain.id)).dkimPrivateKey;
    expect(decryptSecret(resealed, app.ctx.config.appSecret)).toBe(pem);
    await resealDkimKeys(rotated);
    expect((await storedRow(domain.id)).dkimPrivateKey).toBe(resealed);
  });

  test('the From name can change without verifying again', async () => {
    const { client } = await sellerOnPlan('growth');
    const domain = await addDomain(client, uniqueDomain('rename'));
    publish(domain, 'dkim', 'return-path');
    await verify(client, domain.id);
    const renamed = await client.put(`/api/sending-domains/${domain.id}`, { localPart: 'Thanks' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.domain).toMatchObject({
      localPart: 'thanks',
      fromAddress: `thanks@${domain.domain}`,
      status: 'verified',
    });
  });

  test('a removed domain is gone', async () => {
    const { client } = await sellerOnPlan('growth');
    const domain = await addDomain(client, uniqueDomain('removed'));
    expect((await client.delete(`/api/sending-domains/${domain.id}`)).body).toEqual({ ok: true });
    expect((await client.get('/api/sending-domains')).body.domains).toEqual([]);
    expect((await client.delete(`/api/sending-domains/${domain.id}`)).status).toBe(404);
  });
});

describe('plans and limits', () => {
  test('a Starter seller is told own domains come with Growth and Business, and nothing is stored', async () => {
    const { client, user } = await sellerOnPlan('free');
    expect((await client.get('/api/sending-domains')).body.allowed).toBe(false);
    const refused = await client.post('/api/sending-domains', {
      domain: uniqueDomain('starter'),
      localPart: 'hello',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/Growth and Business/);
    expect(await domainsHeldBy(user.id)).toEqual([]);
  });

  test('the same domain twice is refused; so is a sixth domain', async () => {
    const { client, user } = await sellerOnPlan('business');
    const first = uniqueDomain('twice');
    await addDomain(client, first);
    const again = await client.post('/api/sending-domains', {
      domain: first.toUpperCase(),
      localPart: 'other',
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('You have already added this domain.');

    for (let n = 2; n <= 5; n++) await addDomain(client, uniqueDomain('five'));
    const sixth = await client.post('/api/sending-domains', {
      domain: uniqueDomain('six'),
      localPart: 'hello',
    });
    expect(sixth.status).toBe(409);
    expect(sixth.body.error).toMatch(/up to 5 sending domains/);
    expect(await domainsHeldBy(user.id)).toHaveLength(5);
  });

  test('two sellers may claim one domain: different selectors, and only the one who publishes verifies', async () => {
    const shared = uniqueDomain('shared');
    const a = await sellerOnPlan('growth');
    const b = await sellerOnPlan('growth');
    const ofA = await addDomain(a.client, shared);
    const ofB = await addDomain(b.client, shared);
    expect(recordOf(ofA, 'dkim').name).not.toBe(recordOf(ofB, 'dkim').name);

    publish(ofB, 'dkim', 'return-path');
    const checkedA = await verify(a.client, ofA.id);
    expect(checkedA.status).toBe('pending');
    expect(recordOf(checkedA, 'dkim').status).toBe('missing');
    expect((await verify(b.client, ofB.id)).status).toBe('verified');
  });
});

describe('the periodic re-check', () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);

  test('a verified domain whose record is gone becomes failing; once it is back, verified again', async () => {
    const { client } = await sellerOnPlan('growth');
    const domain = await addDomain(client, uniqueDomain('recheck'));
    publish(domain, 'dkim', 'return-path');
    const verified = await verify(client, domain.id);
    expect(verified.status).toBe('verified');

    dns.unpublish(recordOf(domain, 'return-path').name, 'CNAME');
    // Checked just now: not due yet.
    await recheckDueDomains(app.ctx);
    expect((await storedRow(domain.id)).status).toBe('verified');

    await app.ctx.db
      .update(sendingDomains)
      .set({ lastCheckedAt: hoursAgo(7) })
      .where(eq(sendingDomains.id, domain.id));
    await recheckDueDomains(app.ctx);
    const [failing] = (await client.get('/api/sending-domains')).body.domains as SendingDomain[];
    expect(failing!.status).toBe('failing');
    expect(recordOf(failing!, 'return-path').status).toBe('missing');

    publish(domain, 'return-path');
    await app.ctx.db
      .update(sendingDomains)
      .set({ lastCheckedAt: hoursAgo(7) })
      .where(eq(sendingDomains.id, domain.id));
    await recheckDueDomains(app.ctx);
    expect((await storedRow(domain.id)).status).toBe('verified');
  });

  test('a domain being set up is verified by the job once its records appear, for its first week only', async () => {
    const { client } = await sellerOnPlan('growth');
    const recent = await addDomain(client, uniqueDomain('recent'));
    const stale = await addDomain(client, uniqueDomain('stale'));
    await app.ctx.db
      .update(sendingDomains)
      .set({ createdAt: hoursAgo(8 * 24) })
      .where(eq(sendingDomains.id, stale.id));
    publish(recent, 'dkim', 'return-path');
    publish(stale, 'dkim', 'return-path');

    await recheckDueDomains(app.ctx);
    expect((await storedRow(recent.id)).status).toBe('verified');
    expect(await storedRow(stale.id)).toMatchObject({ status: 'pending', lastCheckedAt: null });
  });
});

describe('buyer email from a verified domain', () => {
  /** The next thank-you to the seller's address (the demo shop's buyer is the seller). */
  async function thankYouFor(client: TestClient, email: string, shopId: string, count: number) {
    const before = app.mail.messages.length;
    await client.post(`/api/shops/${shopId}/demo-order`);
    await waitForActivity(client, settled(count));
    return app.mail.waitFor(
      (mail) =>
        app.mail.messages.indexOf(mail) >= before &&
        mail.to.includes(email) &&
        mail.rawHeaders.has('list-unsubscribe'),
    );
  }

  const authenticateMail = (mail: ReceivedMail) =>
    authenticate(mail.raw, {
      ip: '127.0.0.1',
      helo: 'relay.thankly.test',
      mta: 'mx.buyer.test',
      sender: mail.envelopeFrom,
      resolver: dns.resolve,
    });

  test('goes From the seller’s address there, DKIM-signed for DMARC; a Starter plan sends from Thankly again', async () => {
    const { client, email, user } = await sellerOnPlan('growth');
    const sellerDomain = uniqueDomain('signed');
    const domain = await addDomain(client, sellerDomain, 'thanks');
    publish(domain, 'dkim', 'return-path', 'dmarc');
    expect((await verify(client, domain.id)).status).toBe('verified');
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(app, client);

    const signed = await thankYouFor(client, email, shop.id, 1);
    const domainPattern = sellerDomain.replaceAll('.', '\\.');
    expect(signed.from).toMatch(new RegExp(`^"?Demo Shop"? <thanks@${domainPattern}>$`));
    expect(signed.replyTo).toBe(email);
    expect(signed.envelopeFrom).toMatch(
      new RegExp(`^bounces\\+[0-9a-f]{32}\\.[0-9a-f]{16}@thankly-bounces\\.${domainPattern}$`),
    );
    const result = await authenticateMail(signed);
    const [signature] = result.dkim.results;
    expect(signature).toMatchObject({
      signingDomain: sellerDomain,
      selector: recordOf(domain, 'dkim').name.split('.')[0],
      status: { result: 'pass' },
    });
    expect(result.dmarc && result.dmarc.status.result).toBe('pass');
    // The verifier really checks: the same message with its subject changed fails.
    const altered = Buffer.from(
      signed.raw.toString('utf8').replace(/^Subject: /m, 'Subject: Re: '),
    );
    const tampered = await authenticateMail({ ...signed, raw: altered });
    expect(tampered.dkim.results[0]!.status.result).not.toBe('pass');

    // The seller's test email comes as buyers' do: From the domain, signed.
    const templateId = (await client.get('/api/templates/selectors/selected')).body
      .selectedTemplateId;
    const before = app.mail.messages.length;
    expect((await client.post(`/api/emails/test/${templateId}`)).status).toBe(200);
    const test = await app.mail.waitFor(
      (mail) => app.mail.messages.indexOf(mail) >= before && mail.subject.startsWith('[Test]'),
    );
    expect(test.from).toMatch(new RegExp(`^"?Demo Shop"? <thanks@${domainPattern}>$`));
    expect((await authenticateMail(test)).dkim.results[0]).toMatchObject({
      signingDomain: sellerDomain,
      status: { result: 'pass' },
    });

    await app.ctx.db.update(users).set({ plan: 'free' }).where(eq(users.id, user.id));
    const unsigned = await thankYouFor(client, email, shop.id, 2);
    expect(unsigned.from).toMatch(/^"?Demo Shop"? <hello@thankly\.local>$/);
    expect(unsigned.replyTo).toBe(email);
    expect(unsigned.rawHeaders.get('dkim-signature') ?? '').not.toContain(sellerDomain);
    expect(unsigned.envelopeFrom).toMatch(
      /^bounces\+[0-9a-f]{32}\.[0-9a-f]{16}@bounces\.thankly\.test$/,
    );
  });

  /** The seller's test email of their selected template, as it arrives. */
  async function testEmailOf(client: TestClient) {
    const templateId = (await client.get('/api/templates/selectors/selected')).body
      .selectedTemplateId;
    const before = app.mail.messages.length;
    expect((await client.post(`/api/emails/test/${templateId}`)).status).toBe(200);
    return app.mail.waitFor(
      (mail) => app.mail.messages.indexOf(mail) >= before && mail.subject.startsWith('[Test]'),
    );
  }

  /** An envelope sender with its signed order email id blanked: what every buyer email shares. */
  const envelopeShape = (address: string) =>
    address.replace(/^bounces\+[0-9a-f]{32}\.[0-9a-f]{16}@/, 'bounces+<id>.<signature>@');

  test('the test email comes with a buyer email’s envelope: the return path at thankly-bounces.<domain>, or the bounce domain', async () => {
    const { client, email } = await sellerOnPlan('growth');
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(app, client);

    // No domain yet: both go back to the bounce domain.
    const plainBuyer = await thankYouFor(client, email, shop.id, 1);
    const plainTest = await testEmailOf(client);
    expect(envelopeShape(plainTest.envelopeFrom)).toBe(`bounces+<id>.<signature>@${BOUNCE_DOMAIN}`);
    expect(envelopeShape(plainTest.envelopeFrom)).toBe(envelopeShape(plainBuyer.envelopeFrom));

    const sellerDomain = uniqueDomain('envelope');
    const domain = await addDomain(client, sellerDomain, 'hello');
    publish(domain, 'dkim', 'return-path', 'dmarc');
    expect((await verify(client, domain.id)).status).toBe('verified');

    const buyer = await thankYouFor(client, email, shop.id, 2);
    const test = await testEmailOf(client);
    expect(envelopeShape(buyer.envelopeFrom)).toBe(
      `bounces+<id>.<signature>@thankly-bounces.${sellerDomain}`,
    );
    expect(envelopeShape(test.envelopeFrom)).toBe(envelopeShape(buyer.envelopeFrom));
    expect(test.from).toBe(buyer.from);
    // SPF is judged on the same domain for both, the one the return-path record points at.
    const [buyerAuth, testAuth] = await Promise.all([
      authenticateMail(buyer),
      authenticateMail(test),
    ]);
    expect(testAuth.spf && testAuth.spf.domain).toBe(`thankly-bounces.${sellerDomain}`);
    expect(testAuth.spf && testAuth.spf.domain).toBe(buyerAuth.spf && buyerAuth.spf.domain);
    expect(testAuth.dmarc && testAuth.dmarc.status.result).toBe('pass');
  });

  /** The h= tag of a message's DKIM-Signature, as the list of field names it signs. */
  function signedFields(mail: ReceivedMail): string[] {
    const signature = mail.rawHeaders.get('dkim-signature') ?? '';
    const tag = /(?:^|;)\s*h=([^;]+)/.exec(signature.replace(/\r?\n[ \t]/g, ' '))![1]!;
    return tag.split(':').map((name) => name.trim().toLowerCase());
  }

  /** The raw message with a field inserted at the top, where a mail client would show it. */
  const withFieldOnTop = (mail: ReceivedMail, field: string) => ({
    ...mail,
    raw: Buffer.concat([Buffer.from(`${field}\r\n`), mail.raw]),
  });

  test('signs both unsubscribe headers, Feedback-ID and Auto-Submitted, and oversigns From, Subject and List-Unsubscribe', async () => {
    const { client, email } = await sellerOnPlan('growth');
    const sellerDomain = uniqueDomain('oversigned');
    const domain = await addDomain(client, sellerDomain, 'thanks');
    publish(domain, 'dkim', 'return-path', 'dmarc');
    expect((await verify(client, domain.id)).status).toBe('verified');
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(app, client);
    const signed = await thankYouFor(client, email, shop.id, 1);

    const fields = signedFields(signed);
    const count = (name: string) => fields.filter((field) => field === name).length;
    for (const name of [
      'list-unsubscribe-post',
      'feedback-id',
      'auto-submitted',
      'reply-to',
      'to',
    ]) {
      expect(count(name), name).toBe(1);
    }
    // Each present once, listed twice: the second entry signs "no such field".
    for (const name of ['from', 'subject', 'list-unsubscribe']) expect(count(name), name).toBe(2);

    const result = await authenticateMail(signed);
    expect(result.dkim.results[0]).toMatchObject({
      signingDomain: sellerDomain,
      status: { result: 'pass' },
    });
    expect(result.dmarc && result.dmarc.status.result).toBe('pass');

    // A second Subject (or From, or List-Unsubscribe) added on top breaks the signature.
    for (const added of [
      'Subject: You won a prize',
      'From: Someone Else <thanks@' + sellerDomain + '>',
      'List-Unsubscribe: <https://attacker.test/u>',
    ]) {
      const tampered = await authenticateMail(withFieldOnTop(signed, added));
      expect(tampered.dkim.results[0]!.status.result, added).not.toBe('pass');
    }
    // Changing the one-click header fails too: it is signed.
    const changed = Buffer.from(
      signed.raw
        .toString('latin1')
        .replace(/^List-Unsubscribe-Post: .*$/m, 'List-Unsubscribe-Post: List-Unsubscribe=Never'),
      'latin1',
    );
    expect(changed.equals(signed.raw)).toBe(false);
    const unposted = await authenticateMail({ ...signed, raw: changed });
    expect(unposted.dkim.results[0]!.status.result).not.toBe('pass');
  });
});

describe('a branded link domain', () => {
  const LINKED_PAGE = 'https://shop.example/welcome';
  const pixelIn = (mail: ReceivedMail) =>
    /<img src="([^"]*\/api\/t\/o\/[^"]+)" width="1" height="1"/.exec(mail.html)?.[1];
  const clickLinksIn = (mail: ReceivedMail) =>
    [...mail.html.matchAll(/href="([^"]*\/api\/t\/c\/[^"]+)"/g)].map((m) => m[1]!);

  /** A request to the app as a browser reaching it by `host` would make it (the proxy keeps Host). */
  function onHost(host: string, path: string, method = 'GET') {
    const { port } = new URL(app.url);
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const request = http.request(
          { host: '127.0.0.1', port, path, method, headers: { host: `${host}:${port}` } },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode!, headers: response.headers, body }),
            );
          },
        );
        request.on('error', reject);
        request.end();
      },
    );
  }
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };

  async function verifiedSeller(label: string) {
    const seller = await sellerOnPlan('growth');
    const name = uniqueDomain(label);
    const domain = await addDomain(seller.client, name, 'thanks');
    publish(domain, 'dkim', 'return-path', 'dmarc');
    expect((await verify(seller.client, domain.id)).status).toBe('verified');
    // A link to the shop, so the email has one to track.
    const { design } = createDefaultTemplate();
    const button = { id: 'shop-link', type: 'button', text: 'Visit us', url: LINKED_PAGE };
    await selectDefaultTemplate(seller.client, {
      design: { ...design, blocks: [...design.blocks, button] },
    });
    const shop = await connectDemoShop(app, seller.client);
    return { ...seller, name, domain, shopId: shop.id };
  }

  /** The shop's next order's thank-you as the buyer receives it. */
  async function nextThankYou(seller: { client: TestClient; email: string; shopId: string }) {
    const before = app.mail.messages.length;
    const { items } = (await seller.client.get('/api/activity')).body as { items: unknown[] };
    await seller.client.post(`/api/shops/${seller.shopId}/demo-order`);
    await waitForActivity(seller.client, settled(items.length + 1));
    return app.mail.waitFor(
      (mail) =>
        app.mail.messages.indexOf(mail) >= before &&
        mail.to.includes(seller.email) &&
        mail.rawHeaders.has('list-unsubscribe'),
    );
  }

  const link = (seller: { client: TestClient; domain: SendingDomain }) =>
    `/api/sending-domains/${seller.domain.id}/link-domain`;

  test('a verified domain adds links.<domain>; once its CNAME is found, links and pixel use it, mail still aligned', async () => {
    const seller = await verifiedSeller('linked');
    const { client, name } = seller;
    const host = `links.${name}`;
    const before = await nextThankYou(seller);
    expect(pixelIn(before)).toMatch(new RegExp(`^${app.url}/api/t/o/`));

    const added = await client.put(link(seller), { subdomain: ' Links ' });
    expect(added.status).toBe(200);
    expect((added.body.domain as SendingDomain).linkDomain).toEqual({
      host,
      status: 'pending',
      record: expect.objectContaining({
        purpose: 'link',
        type: 'CNAME',
        name: host,
        value: LINK_HOST,
        status: 'unchecked',
      }),
      lastCheckedAt: null,
      verifiedAt: null,
    });
    // The whole host pasted is the same host.
    expect((await client.put(link(seller), { subdomain: host })).body.domain.linkDomain.host).toBe(
      host,
    );

    const missing = await client.post(`${link(seller)}/verify`);
    expect(missing.status).toBe(200);
    expect(missing.body.domain.linkDomain).toMatchObject({
      status: 'pending',
      record: {
        status: 'missing',
        explanation: expect.stringContaining(`pointing to ${LINK_HOST}`),
      },
    });
    // Pending: emails keep APP_URL, and the host answers nothing of Thankly's specially.
    expect(pixelIn(await nextThankYou(seller))).toMatch(new RegExp(`^${app.url}/api/t/o/`));

    dns.publish(host, 'CNAME', LINK_HOST);
    const verified = await client.post(`${link(seller)}/verify`);
    expect(verified.body.domain.linkDomain).toMatchObject({
      status: 'verified',
      record: { status: 'ok' },
      verifiedAt: expect.any(String),
    });
    expect((await client.get('/api/sending-domains')).body.domains[0].linkDomain.status).toBe(
      'verified',
    );

    const branded = await nextThankYou(seller);
    const base = `http://${host}:${new URL(app.url).port}`;
    const pixel = pixelIn(branded)!;
    expect(pixel.startsWith(`${base}/api/t/o/`)).toBe(true);
    const clicks = clickLinksIn(branded);
    expect(clicks.length).toBeGreaterThan(0);
    for (const click of clicks) expect(click.startsWith(`${base}/api/t/c/`)).toBe(true);
    expect(branded.html).not.toContain(`${app.url}/api/t/`);
    // The way out stays on APP_URL, where the unsubscribe page lives.
    expect(branded.rawHeaders.get('list-unsubscribe')).toContain(`${app.url}/api/unsubscribe/`);
    const result = await authenticate(branded.raw, {
      ip: '127.0.0.1',
      helo: 'relay.thankly.test',
      mta: 'mx.buyer.test',
      sender: branded.envelopeFrom,
      resolver: dns.resolve,
    });
    expect(result.dkim.results[0]).toMatchObject({
      signingDomain: name,
      status: { result: 'pass', aligned: name },
    });
    // Links on another host change nothing the receiver checks: DMARC passes on the aligned DKIM.
    expect(result.dmarc).toMatchObject({ status: { result: 'pass' } });

    // On the link host: the pixel and the click answer, and set no cookie.
    const opened = await onHost(host, pathOf(pixel));
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toBe('image/gif');
    expect(opened.headers['set-cookie']).toBeUndefined();
    const followed = await onHost(host, pathOf(clicks[0]!));
    expect([302, 303]).toContain(followed.status);
    expect(followed.headers.location).toBe(LINKED_PAGE);
    expect(followed.headers['set-cookie']).toBeUndefined();
    expect((await onHost(host, pathOf(clicks[0]!), 'HEAD')).status).toBeLessThan(400);
  });

  test('a link host answers tracking only: no page, no API, no session; another Host header changes nothing', async () => {
    const seller = await verifiedSeller('guarded');
    const host = `links.${seller.name}`;
    await seller.client.put(link(seller), { subdomain: 'links' });
    dns.publish(host, 'CNAME', LINK_HOST);
    await seller.client.post(`${link(seller)}/verify`);
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/thankly'],
      ['GET', '/login'],
      ['GET', '/api/health'],
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/login'],
      ['GET', '/api/sending-domains'],
      ['GET', '/api/unsubscribe/anything'],
      ['POST', '/api/t/o/anything'],
      ['GET', '/media/anything'],
      ['GET', '/assets/index.js'],
    ] as const) {
      const answered = await onHost(host, path, method);
      expect(answered.status, `${method} ${path}`).toBe(404);
      expect(answered.headers['set-cookie'], `${method} ${path}`).toBeUndefined();
    }
    // The same host in upper case, or with a trailing dot, is the same host.
    expect((await onHost(host.toUpperCase(), '/api/health')).status).toBe(404);

    // Hosts that are no verified link host: served as before.
    const pending = await verifiedSeller('pending-link');
    await pending.client.put(link(pending), { subdomain: 'links' });
    for (const other of [`links.${pending.name}`, 'evil.test', `x.${host}`]) {
      const health = await onHost(other, '/api/health');
      expect(health.status, other).toBe(200);
      expect(JSON.parse(health.body)).toEqual({ ok: true });
    }
  });

  test('a link host that stops being found, or is removed, sends links back to APP_URL', async () => {
    const seller = await verifiedSeller('unlinked');
    const host = `links.${seller.name}`;
    await seller.client.put(link(seller), { subdomain: 'links' });
    dns.publish(host, 'CNAME', LINK_HOST);
    await seller.client.post(`${link(seller)}/verify`);
    expect(pixelIn(await nextThankYou(seller))).toContain(`//${host}:`);

    dns.unpublish(host, 'CNAME');
    const failing = await seller.client.post(`${link(seller)}/verify`);
    expect(failing.body.domain.linkDomain).toMatchObject({
      status: 'failing',
      record: { status: 'missing' },
    });
    expect(pixelIn(await nextThankYou(seller))).toMatch(new RegExp(`^${app.url}/api/t/o/`));

    dns.publish(host, 'CNAME', LINK_HOST);
    await seller.client.post(`${link(seller)}/verify`);
    expect(pixelIn(await nextThankYou(seller))).toContain(`//${host}:`);
    const removed = await seller.client.delete(link(seller));
    expect(removed.status).toBe(200);
    expect(removed.body.domain.linkDomain).toBeNull();
    expect(pixelIn(await nextThankYou(seller))).toMatch(new RegExp(`^${app.url}/api/t/o/`));
    // Removed: the host is no link host any more, so it is served like any other name.
    expect((await onHost(host, '/api/health')).status).toBe(200);
  });

  test('only a verified domain takes one; another seller gets 404; bad names are refused and nothing changes', async () => {
    const { client } = await sellerOnPlan('growth');
    const pending = await addDomain(client, uniqueDomain('unverified'));
    const refused = await client.put(`/api/sending-domains/${pending.id}/link-domain`, {
      subdomain: 'links',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^Verify .* first/);
    expect((await storedRow(pending.id)).linkHost).toBeNull();

    const seller = await verifiedSeller('owned');
    const other = await sellerOnPlan('growth');
    for (const [method, path] of [
      ['PUT', link(seller)],
      ['DELETE', link(seller)],
      ['POST', `${link(seller)}/verify`],
    ] as const) {
      const answer = await other.client.request(method, path, { subdomain: 'links' });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error).toBe('Sending domain not found.');
    }
    expect((await app.client().put(link(seller), { subdomain: 'links' })).status).toBe(401);
    expect(
      (await client.post(`/api/sending-domains/${pending.id}/link-domain/verify`)).status,
    ).toBe(404);

    for (const body of [
      {},
      { subdomain: '' },
      { subdomain: 'two words' },
      { subdomain: '<script>' },
      { subdomain: 'links@x' },
      { subdomain: '-links' },
      { subdomain: 'a'.repeat(64) },
      { subdomain: 'a.'.repeat(120) + 'b' },
      { subdomain: 5 },
      { subdomain: ['links'] },
    ]) {
      const bad = await seller.client.put(link(seller), body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(typeof bad.body.error).toBe('string');
    }
    expect((await storedRow(seller.domain.id)).linkHost).toBeNull();
  });
});

describe('authorisation and hostile input', () => {
  test("another seller's domain is not found on every route, and not listed", async () => {
    const owner = await sellerOnPlan('growth');
    const domain = await addDomain(owner.client, uniqueDomain('owned'));
    const other = await sellerOnPlan('growth');

    expect((await other.client.get('/api/sending-domains')).body.domains).toEqual([]);
    const attempts = [
      await other.client.post(`/api/sending-domains/${domain.id}/verify`),
      await other.client.put(`/api/sending-domains/${domain.id}`, { localPart: 'stolen' }),
      await other.client.delete(`/api/sending-domains/${domain.id}`),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(attempt.body.error).toBe('Sending domain not found.');
    }
    expect(await storedRow(domain.id)).toMatchObject({ localPart: 'hello', lastCheckedAt: null });
  });

  test('a malformed id is not found either', async () => {
    const { client } = await sellerOnPlan('growth');
    const attempts = [
      await client.post('/api/sending-domains/not-a-uuid/verify'),
      await client.put("/api/sending-domains/1'%20OR%20'1'='1", { localPart: 'x' }),
      await client.delete('/api/sending-domains/not-a-uuid'),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(attempt.body.error).toBe('Sending domain not found.');
    }
  });

  test('signed out: 401 everywhere', async () => {
    const anonymous = app.client();
    const id = '00000000-0000-4000-8000-000000000000';
    const attempts = [
      await anonymous.get('/api/sending-domains'),
      await anonymous.post('/api/sending-domains', { domain: 'shop.test', localPart: 'hello' }),
      await anonymous.put(`/api/sending-domains/${id}`, { localPart: 'hello' }),
      await anonymous.delete(`/api/sending-domains/${id}`),
      await anonymous.post(`/api/sending-domains/${id}/verify`),
    ];
    for (const attempt of attempts) expect(attempt.status).toBe(401);
  });

  test('bad input is refused with a message, and nothing is stored', async () => {
    const { client, user } = await sellerOnPlan('growth');
    const bodies: unknown[] = [
      { domain: 'evil.com\n_dmarc', localPart: 'hello' },
      { domain: '192.168.0.1', localPart: 'hello' },
      { domain: `${'a'.repeat(296)}.com`, localPart: 'hello' },
      { domain: 'shop.test', localPart: 'a@b' },
      { domain: "shop.test'; DROP TABLE sending_domains; --", localPart: 'hello' },
      { domain: 'shop.test', localPart: "x'); DELETE FROM users; --" },
      { domain: 'localhost', localPart: 'hello' },
      { domain: ['shop.test'], localPart: 'hello' },
      { localPart: 'hello' },
      {},
    ];
    for (const body of bodies) {
      const refused = await client.post('/api/sending-domains', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toEqual(expect.any(String));
    }
    for (const raw of ['', 'null', '"shop.test"', '{"domain":']) {
      const refused = await client.request('POST', '/api/sending-domains', raw);
      expect(refused.status, raw).toBe(400);
      expect(refused.body.error).toEqual(expect.any(String));
    }
    expect(await domainsHeldBy(user.id)).toEqual([]);

    const domain = await addDomain(client, uniqueDomain('kept'));
    const badRename = await client.put(`/api/sending-domains/${domain.id}`, { localPart: 'a@b' });
    expect(badRename.status).toBe(400);
    expect((await storedRow(domain.id)).localPart).toBe('hello');
  });

  test('verifying is rate-limited per seller', async () => {
    const { client } = await sellerOnPlan('growth');
    const id = '00000000-0000-4000-8000-000000000000';
    for (let n = 0; n < VERIFY_LIMIT; n++)
      expect((await client.post(`/api/sending-domains/${id}/verify`)).status).toBe(404);
    const limited = await client.post(`/api/sending-domains/${id}/verify`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another seller's verifications count on their own.
    const other = await sellerOnPlan('growth');
    expect((await other.client.post(`/api/sending-domains/${id}/verify`)).status).toBe(404);
  });
});

describe('Thankly’s own domain: mail From MAIL_FROM is signed with Thankly’s key', () => {
  const MAIL_DOMAIN = 'mail.thankly.test';
  const env = {
    DNS_SERVERS: '',
    BOUNCE_DOMAIN,
    MAIL_FROM: `Thankly <hello@${MAIL_DOMAIN}>`,
    LOG_LEVEL: 'info',
  };
  /** An app of its own, logging to `lines`: the start-up check and the printed record are read there. */
  async function startOwnApp(lines: string[], extra: Record<string, string> = {}) {
    return startTestApp(
      {
        dispatcher: { idleMs: 100 },
        logger: true,
        logStream: { write: (line: string) => void lines.push(line) },
      },
      { env: { ...env, DNS_SERVERS: dns.server, ...extra } },
    );
  }
  const senderDnsWarnings = (lines: string[]) =>
    lines
      .map((line) => JSON.parse(line) as { alert?: string; record: string; name: string })
      .filter((line) => line.alert === 'sender-dns');
  const printedRecord = (lines: string[]) =>
    lines
      .map((line) => JSON.parse(line) as { dkimRecord?: { name: string; value: string } })
      .find((line) => line.dkimRecord)!.dkimRecord!;

  /** A Starter seller's first thank-you: no domain of their own, so it comes From MAIL_FROM. */
  async function buyerEmailOf(own: TestApp) {
    const { client, email } = await own.seller();
    await selectDefaultTemplate(client);
    const shop = await connectDemoShop(own, client);
    await client.post(`/api/shops/${shop.id}/demo-order`);
    await waitForActivity(client, settled(1));
    return own.mail.waitFor(
      (mail) => mail.to.includes(email) && mail.rawHeaders.has('list-unsubscribe'),
    );
  }
  const verify = (mail: ReceivedMail) =>
    authenticate(mail.raw, {
      ip: '127.0.0.1',
      helo: 'relay.thankly.test',
      mta: 'mx.buyer.test',
      sender: mail.envelopeFrom,
      resolver: dns.resolve,
    });

  const lines: string[] = [];
  let own: TestApp;
  beforeAll(async () => {
    own = await startOwnApp(lines);
  });
  afterAll(() => own?.close());

  test('prints the generated key’s DKIM record at start, and the start-up check warns about each missing record', async () => {
    const record = printedRecord(lines);
    expect(record.name).toMatch(/^thankly-[0-9a-f]{8}\._domainkey\.mail\.thankly\.test$/);
    expect(record.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/);
    await expect
      .poll(() => senderDnsWarnings(lines).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(4);
    const warnings = senderDnsWarnings(lines);
    expect(warnings.map(({ record: r, name }) => `${r} ${name}`).sort()).toEqual([
      `dkim ${record.name}`,
      `dmarc _dmarc.${MAIL_DOMAIN}`,
      `spf ${BOUNCE_DOMAIN}`,
      `spf ${MAIL_DOMAIN}`,
    ]);
  });

  test('with the records docs/operating.md lists published, a buyer email of a seller without their own domain passes DKIM, SPF and DMARC, aligned', async () => {
    const record = printedRecord(lines);
    dns.publish(record.name, 'TXT', record.value);
    dns.publish(MAIL_DOMAIN, 'TXT', 'v=spf1 ip4:127.0.0.1 -all');
    dns.publish(BOUNCE_DOMAIN, 'TXT', 'v=spf1 ip4:127.0.0.1 -all');
    dns.publish(`_dmarc.${MAIL_DOMAIN}`, 'TXT', 'v=DMARC1; p=reject; adkim=r; aspf=r');

    const buyer = await buyerEmailOf(own);
    expect(buyer.from).toMatch(/<hello@mail\.thankly\.test>$/);
    const result = await verify(buyer);
    expect(result.dkim.results[0]).toMatchObject({
      signingDomain: MAIL_DOMAIN,
      selector: record.name.split('.')[0],
      status: { result: 'pass', aligned: MAIL_DOMAIN },
    });
    expect(result.spf).toMatchObject({ domain: BOUNCE_DOMAIN, status: { result: 'pass' } });
    // Both aligned: DKIM on MAIL_FROM's domain itself, SPF on the bounce domain under it.
    expect(result.dmarc).toMatchObject({
      status: { result: 'pass' },
      alignment: { spf: { result: BOUNCE_DOMAIN }, dkim: { result: MAIL_DOMAIN } },
    });
    // The product's own mail (a password reset: no return path of its own) is signed as well.
    const { email } = await own.seller();
    expect((await own.client().post('/api/pw/forgot', { email })).status).toBe(200);
    const reset = await own.mail.waitFor(
      (mail) => mail.to.includes(email) && mail.subject === 'Reset your Thankly password',
    );
    expect(reset.envelopeFrom).toBe(`hello@${MAIL_DOMAIN}`);
    expect((await verify(reset)).dmarc).toMatchObject({ status: { result: 'pass' } });
  });

  test('the generated key lives in the database, sealed: processes with different DATA_DIRs starting at once all sign with it', async () => {
    const record = printedRecord(lines);
    const [stored] = await own.ctx.db
      .select()
      .from(platformDkimKeys)
      .where(eq(platformDkimKeys.domain, MAIL_DOMAIN));
    expect(stored!.selector).toBe(record.name.split('.')[0]);
    expect(stored!.privateKey).not.toContain('PRIVATE KEY');
    expect(dkimPublicKeyOf(decryptSecret(stored!.privateKey, own.ctx.config.appSecret))).toBe(
      record.value.split('p=')[1],
    );

    // Three more processes, each with a DATA_DIR of its own, start together on the same database:
    // every one finds the key already made, and signs with it.
    const secrets = { appSecret: own.ctx.config.appSecret, previousAppSecrets: [] };
    const starts = await Promise.all(
      [1, 2, 3].map(async () =>
        resolvePlatformDkim(
          { ...own.ctx.config, dataDir: await otherDataDir() },
          own.ctx.db,
          secrets,
        ),
      ),
    );
    for (const started of starts) expect(started.record).toEqual(record);

    // A new MAIL_FROM domain on a fresh database: processes racing to make its key agree on one.
    const racing = await Promise.all(
      [1, 2, 3].map(async () =>
        resolvePlatformDkim(
          {
            ...own.ctx.config,
            mailFrom: 'Thankly <hello@race.thankly.test>',
            dataDir: await otherDataDir(),
          },
          own.ctx.db,
          secrets,
        ),
      ),
    );
    expect(new Set(racing.map((started) => started.record.value)).size).toBe(1);
    const rows = await own.ctx.db
      .select()
      .from(platformDkimKeys)
      .where(eq(platformDkimKeys.domain, 'race.thankly.test'));
    expect(rows).toHaveLength(1);
  });

  test('a key an earlier version kept in DATA_DIR is taken into the database, so its published record still holds', async () => {
    const dataDir = await otherDataDir();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await writeFile(path.join(dataDir, LEGACY_KEY_FILE), pem);
    const started = await resolvePlatformDkim(
      { ...own.ctx.config, mailFrom: 'Thankly <hello@legacy.thankly.test>', dataDir },
      own.ctx.db,
      { appSecret: own.ctx.config.appSecret, previousAppSecrets: [] },
    );
    expect(started.key.privateKey).toBe(pem);
    expect(started.key.keySelector).toBe(selectorFor(pem));
    // Another process, whose DATA_DIR holds no key, reads the same one from the database.
    const other = await resolvePlatformDkim(
      {
        ...own.ctx.config,
        mailFrom: 'Thankly <hello@legacy.thankly.test>',
        dataDir: await otherDataDir(),
      },
      own.ctx.db,
      { appSecret: own.ctx.config.appSecret, previousAppSecrets: [] },
    );
    expect(other.record).toEqual(started.record);
  });

  test('DKIM_PRIVATE_KEY and DKIM_SELECTOR sign instead; with every record published the start-up check is quiet', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const publicKey = createPublicKey(privateKey)
      .export({ type: 'spki', format: 'der' })
      .toString('base64');
    dns.publish(`thankly2026._domainkey.${MAIL_DOMAIN}`, 'TXT', `v=DKIM1; k=rsa; p=${publicKey}`);
    const configuredLines: string[] = [];
    // One line, as an environment variable holds it.
    const configured = await startOwnApp(configuredLines, {
      DKIM_PRIVATE_KEY: pem.replaceAll('\n', '\\n'),
      DKIM_SELECTOR: 'thankly2026',
    });
    try {
      expect(printedRecord(configuredLines)).toEqual({
        name: `thankly2026._domainkey.${MAIL_DOMAIN}`,
        value: `v=DKIM1; k=rsa; p=${publicKey}`,
      });
      const found = () => configuredLines.filter((line) => line.includes('records found'));
      await expect.poll(() => found().length, { timeout: 15_000 }).toBeGreaterThan(0);
      expect(found()).toHaveLength(1);
      expect(senderDnsWarnings(configuredLines)).toEqual([]);
      const result = await verify(await buyerEmailOf(configured));
      expect(result.dkim.results[0]).toMatchObject({
        signingDomain: MAIL_DOMAIN,
        selector: 'thankly2026',
        status: { result: 'pass' },
      });
      expect(result.dmarc).toMatchObject({ status: { result: 'pass' } });
    } finally {
      await configured.close();
    }
  });
});
