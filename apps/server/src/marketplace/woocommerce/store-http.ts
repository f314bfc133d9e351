import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from './public-address.ts';

/** One resolved address of a host name. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export interface StoreHttpOptions {
  /** Off in production: a store address may not lead to loopback or a private network. */
  allowPrivateAddresses: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
  maxResponseBytes?: number;
}

/** Why a call to a store failed, as a kind the caller turns into its own words. */
export type StoreHttpFailure =
  'not-found' | 'not-public' | 'unreachable' | 'redirected' | 'too-large';

export class StoreHttpError extends Error {
  constructor(readonly failure: StoreHttpFailure) {
    super(`store request failed: ${failure}`);
  }
}

export interface StoreResponse {
  status: number;
  body: string;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The only way Thankly talks to a seller's store. The host is resolved once, every address it
 * resolved to is checked, and the connection goes to the checked address (the request's own
 * lookup is replaced), so a DNS answer that changes between the check and the connection (DNS
 * rebinding) cannot lead inside. TLS name and Host stay the store's. No redirect is followed, a
 * slow store times out, and an oversized answer is cut off.
 */
export async function storeRequest(
  url: URL,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  options: StoreHttpOptions,
): Promise<StoreResponse> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new StoreHttpError('not-public');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const target = await resolveChecked(hostname, options);
  const pinned: LookupFunction = (_name, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_BYTES;
  const transport = url.protocol === 'https:' ? https : http;

  return new Promise<StoreResponse>((resolve, reject) => {
    const fail = (failure: StoreHttpFailure) => {
      clearTimeout(timer);
      request.destroy();
      reject(new StoreHttpError(failure));
    };
    const request = transport.request(
      {
        protocol: url.protocol,
        hostname: isIP(hostname) ? target.address : hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: init.method,
        headers: {
          ...init.headers,
          ...(init.body === undefined ? {} : { 'content-length': Buffer.byteLength(init.body) }),
        },
        lookup: pinned,
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) return fail('redirected');
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) return fail('too-large');
          chunks.push(chunk);
        });
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status, body: Buffer.concat(chunks).toString('utf8') });
        });
        response.on('error', () => fail('unreachable'));
      },
    );
    const timer = setTimeout(() => fail('unreachable'), timeoutMs);
    request.on('error', () => fail('unreachable'));
    request.end(init.body);
  });
}

/**
 * Checks a store's address the way storeRequest will before calling it, without calling it: for
 * sending the seller to their store, so an address Thankly would refuse later is refused at once.
 */
export async function checkStoreAddress(url: URL, options: StoreHttpOptions): Promise<void> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new StoreHttpError('not-public');
  await resolveChecked(url.hostname.replace(/^\[|\]$/g, ''), options);
}

/** The one address the request will go to, after every answer for the host was checked. */
async function resolveChecked(
  hostname: string,
  options: StoreHttpOptions,
): Promise<ResolvedAddress> {
  const literal = isIP(hostname);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(hostname);
    } catch {
      throw new StoreHttpError('not-found');
    }
  }
  if (addresses.length === 0) throw new StoreHttpError('not-found');
  if (!options.allowPrivateAddresses && addresses.some((a) => isPrivateAddress(a.address)))
    throw new StoreHttpError('not-public');
  return addresses[0]!;
}
