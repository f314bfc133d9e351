import type { DnsRecordCheck } from '@thankly/api-contract';
import { describe, expect, test } from 'vitest';
import type { DnsLookup, LookupResult } from '../infrastructure/dns/dns-lookup.ts';
import {
  type RecordSettings,
  checkRecords,
  currentRecords,
  expectedRecords,
  nextDomainStatus,
} from './dns-records.ts';

const key = {
  domain: 'shop.example',
  dkimSelector: 'thankly-0a1b2c3d',
  dkimPublicKey: 'MIIBIjANBgkqh+/AB==',
};
const returnPathMode: RecordSettings = {
  spfMode: 'return-path',
  spfInclude: undefined,
  bounceDomain: 'bounces.thankly.example',
  supportEmail: 'support@thankly.example',
};
const includeMode: RecordSettings = {
  ...returnPathMode,
  spfMode: 'include',
  spfInclude: 'relay.example',
};

const DKIM = 'thankly-0a1b2c3d._domainkey.shop.example';
const RETURN_PATH = 'thankly-bounces.shop.example';
const DMARC = '_dmarc.shop.example';

/** DNS as a map of name -> answer; a name not in it has nothing. */
function lookupOf(answers: Record<string, LookupResult>): DnsLookup {
  const answer = async (name: string) => answers[name] ?? { values: [] };
  return { txt: answer, cname: answer };
}

async function check(
  answers: Record<string, LookupResult>,
  settings = returnPathMode,
  previous: DnsRecordCheck[] = [],
) {
  const findings = await checkRecords(key, settings, lookupOf(answers), previous);
  return Object.fromEntries(findings.map((finding) => [finding.record.purpose, finding]));
}

const ourDkim = `v=DKIM1; k=rsa; p=${key.dkimPublicKey}`;

describe('the records to publish', () => {
  test('return-path mode: the DKIM key, a CNAME to the bounce domain, a DMARC suggestion', () => {
    expect(expectedRecords(key, returnPathMode)).toEqual([
      expect.objectContaining({
        purpose: 'dkim',
        type: 'TXT',
        name: DKIM,
        value: ourDkim,
        required: true,
        status: 'unchecked',
      }),
      expect.objectContaining({
        purpose: 'return-path',
        type: 'CNAME',
        name: RETURN_PATH,
        value: 'bounces.thankly.example',
        required: true,
      }),
      expect.objectContaining({
        purpose: 'dmarc',
        type: 'TXT',
        name: DMARC,
        value: 'v=DMARC1; p=none; rua=mailto:dmarc@shop.example',
        required: false,
      }),
    ]);
  });

  test('DMARC reports go to a mailbox on the seller’s own domain; the explanation says what SUPPORT_EMAIL’s domain would have to publish (RFC 7489 §7.1)', () => {
    const dmarc = expectedRecords(key, returnPathMode).find((r) => r.purpose === 'dmarc')!;
    // Not SUPPORT_EMAIL: its domain publishes no shop.example._report._dmarc record, so
    // receivers would drop every report sent there.
    expect(dmarc.value).toBe('v=DMARC1; p=none; rua=mailto:dmarc@shop.example');
    expect(dmarc.value).not.toContain('thankly.example');
    expect(dmarc.explanation).toContain('sends daily reports to dmarc@shop.example');
    expect(dmarc.explanation).toContain(
      'to use support@thankly.example, thankly.example must publish shop.example._report._dmarc.thankly.example',
    );
    // A seller whose domain is the support address's own needs no such record.
    const sameDomain = expectedRecords(key, {
      ...returnPathMode,
      supportEmail: 'help@shop.example',
    }).find((r) => r.purpose === 'dmarc')!;
    expect(sameDomain.explanation).not.toContain('_report._dmarc');
  });

  test('include mode: an SPF record on the domain itself instead of the CNAME', () => {
    expect(expectedRecords(key, includeMode)[1]).toMatchObject({
      purpose: 'spf',
      type: 'TXT',
      name: 'shop.example',
      value: 'v=spf1 include:relay.example ~all',
    });
  });

  test('every record says in words what it is for', () => {
    for (const record of expectedRecords(key, includeMode))
      expect(record.explanation.length).toBeGreaterThan(20);
  });

  test('a stored finding is shown only while it is about the record asked for now', () => {
    const stored = expectedRecords(key, returnPathMode).map((record) => ({
      ...record,
      status: 'ok' as const,
    }));
    expect(currentRecords(key, returnPathMode, stored).map((record) => record.status)).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
    // The operator switched to include mode: the CNAME's finding says nothing about the SPF record.
    expect(currentRecords(key, includeMode, stored).map((record) => record.status)).toEqual([
      'ok',
      'unchecked',
      'ok',
    ]);
  });
});

describe('DKIM', () => {
  test('found when a TXT record there carries our key, however it was pasted', async () => {
    const pasted = `v=DKIM1;k=rsa; p=MIIBIjANB "gkqh+/ AB=="`;
    expect((await check({ [DKIM]: { values: [pasted] } })).dkim!.record.status).toBe('ok');
  });

  test('missing when nothing is there, with the name to publish under', async () => {
    const { record } = (await check({})).dkim!;
    expect(record.status).toBe('missing');
    expect(record.explanation).toContain(DKIM);
  });

  test('wrong when a DKIM record with another key is there', async () => {
    const { record } = (await check({ [DKIM]: { values: ['v=DKIM1; k=rsa; p=MIIBother'] } })).dkim!;
    expect(record.status).toBe('wrong');
    expect(record.explanation).toMatch(/different key/);
  });

  test('wrong when the TXT record there is not a DKIM key at all', async () => {
    const { record } = (await check({ [DKIM]: { values: ['google-site-verification=abc'] } }))
      .dkim!;
    expect(record.status).toBe('wrong');
    expect(record.explanation).toMatch(/not the DKIM key/);
  });

  test('an empty p= (a revoked key) is not ours', async () => {
    expect((await check({ [DKIM]: { values: ['v=DKIM1; p='] } })).dkim!.record.status).toBe(
      'wrong',
    );
  });
});

describe('the return-path CNAME', () => {
  test('found whatever the case or trailing dot', async () => {
    const found = await check({ [RETURN_PATH]: { values: ['Bounces.Thankly.Example.'] } });
    expect(found['return-path']!.record.status).toBe('ok');
  });

  test('wrong when it points elsewhere, saying where to', async () => {
    const { record } = (await check({ [RETURN_PATH]: { values: ['mail.other.example'] } }))[
      'return-path'
    ]!;
    expect(record.status).toBe('wrong');
    expect(record.explanation).toContain('mail.other.example');
    expect(record.explanation).toContain('bounces.thankly.example');
  });

  test('missing when there is none', async () => {
    expect((await check({}))['return-path']!.record.status).toBe('missing');
  });
});

describe('SPF (include mode)', () => {
  const spf = async (...values: string[]) =>
    (await check({ 'shop.example': { values } }, includeMode)).spf!.record;

  test("found when the domain's one SPF record includes the relay, among other TXT records", async () => {
    expect(
      (await spf('google-site-verification=x', 'v=spf1 mx include:Relay.example -all')).status,
    ).toBe('ok');
    expect((await spf('v=spf1 +include:relay.example ~all')).status).toBe('ok');
  });

  test('missing when the domain has no SPF record', async () => {
    expect((await spf('google-site-verification=x')).status).toBe('missing');
  });

  test('an SPF record without the include: add it to that record, not a second one', async () => {
    const record = await spf('v=spf1 include:_spf.google.com ~all');
    expect(record.status).toBe('wrong');
    expect(record.explanation).toContain('include:relay.example');
    expect(record.explanation).toMatch(/Do not add a second SPF record/);
  });

  test('a softfail or fail include does not authorise the relay', async () => {
    expect((await spf('v=spf1 ~include:relay.example ~all')).status).toBe('wrong');
  });

  test('two SPF records are wrong even when one includes the relay (SPF permerror)', async () => {
    const record = await spf(
      'v=spf1 include:relay.example ~all',
      'v=spf1 include:_spf.google.com ~all',
    );
    expect(record.status).toBe('wrong');
    expect(record.explanation).toMatch(/2 SPF records/);
  });
});

describe('DMARC', () => {
  test('any DMARC record is enough; the explanation suggests moving on from p=none', async () => {
    const { record } = (await check({ [DMARC]: { values: ['v=DMARC1; p=reject'] } })).dmarc!;
    expect(record.status).toBe('ok');
    expect(record.explanation).toMatch(/quarantine/);
  });

  test('missing is a recommendation, not a requirement', async () => {
    const { record } = (await check({})).dmarc!;
    expect(record).toMatchObject({ status: 'missing', required: false });
    expect(record.explanation).toMatch(/^Recommended, not required/);
  });
});

describe('a lookup that fails', () => {
  test('keeps the record as last found and says the lookup failed', async () => {
    const previous = expectedRecords(key, returnPathMode).map((record) => ({
      ...record,
      status: 'ok' as const,
    }));
    const { dkim } = await check(
      { [DKIM]: { failure: 'no DNS server answered in time' } },
      returnPathMode,
      previous,
    );
    expect(dkim).toMatchObject({ lookupFailed: true, record: { status: 'ok' } });
    expect(dkim!.record.explanation).toMatch(/no DNS server answered in time.*try Verify again/);
  });
});

describe("the domain's status", () => {
  const finding = (
    status: DnsRecordCheck['status'],
    options: { required?: boolean; lookupFailed?: boolean } = {},
  ) => ({
    record: {
      ...expectedRecords(key, returnPathMode)[0]!,
      status,
      required: options.required ?? true,
    },
    lookupFailed: options.lookupFailed ?? false,
  });

  test('verified when every required record is found; DMARC is not required', () => {
    expect(
      nextDomainStatus('pending', [
        finding('ok'),
        finding('ok'),
        finding('missing', { required: false }),
      ]),
    ).toBe('verified');
  });

  test('a required record not found: pending stays pending, verified becomes failing', () => {
    const findings = [finding('ok'), finding('missing')];
    expect(nextDomainStatus('pending', findings)).toBe('pending');
    expect(nextDomainStatus('verified', findings)).toBe('failing');
    expect(nextDomainStatus('failing', findings)).toBe('failing');
  });

  test('a failing domain whose records are back is verified again', () => {
    expect(nextDomainStatus('failing', [finding('ok'), finding('ok')])).toBe('verified');
  });

  test('a failed lookup proves nothing: the status stays as it was', () => {
    const findings = [finding('ok'), finding('ok', { lookupFailed: true })];
    expect(nextDomainStatus('verified', findings)).toBe('verified');
    expect(nextDomainStatus('pending', findings)).toBe('pending');
    expect(nextDomainStatus('failing', findings)).toBe('failing');
  });

  test('a record known to be missing wins over another that could not be looked up', () => {
    expect(
      nextDomainStatus('verified', [finding('missing'), finding('ok', { lookupFailed: true })]),
    ).toBe('failing');
  });
});
