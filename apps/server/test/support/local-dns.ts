import { Resolver } from 'node:dns/promises';
import dns2 from 'dns2';

const { Packet } = dns2;

/** Response codes (RFC 1035 4.1.1); dns2 has them as Packet.RCODE, but its typings do not. */
const RCODE = { SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

type RecordType = 'TXT' | 'CNAME';

/** A DNS server failure to answer with, as a broken authoritative server would. */
type Failure = 'SERVFAIL' | 'REFUSED';

export interface LocalDns {
  /** host:port, for DNS_SERVERS. */
  server: string;
  /**
   * Publishes a record as a seller's DNS provider would. A TXT value longer than 255 bytes is
   * split into character-strings, as providers do with DKIM keys.
   */
  publish(name: string, type: RecordType, value: string): void;
  /** Removes every record of `type` at `name`. */
  unpublish(name: string, type: RecordType): void;
  /** Every query for `name` is answered with this error until `failWith(name, null)`. */
  failWith(name: string, failure: Failure | null): void;
  /** A resolver for mailauth: the same records, read through node:dns like any mail server. */
  resolve(name: string, type: string): Promise<string[][] | string[]>;
  close(): Promise<void>;
}

const TXT_CHUNK = 255;
const key = (name: string) => name.toLowerCase().replace(/\.$/, '');

function chunks(value: string): string[] {
  const parts: string[] = [];
  for (let at = 0; at < value.length; at += TXT_CHUNK) parts.push(value.slice(at, at + TXT_CHUNK));
  return parts;
}

/**
 * An authoritative DNS server on loopback (UDP, a random port) holding the records a test
 * publishes: NXDOMAIN for names with nothing, an empty answer for a name with other types only.
 * TTLs are 0 so nothing a resolver caches outlives a change.
 */
export async function startLocalDns(): Promise<LocalDns> {
  const records = new Map<string, Array<{ type: RecordType; value: string }>>();
  const failures = new Map<string, Failure>();

  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      response.header.aa = 1;
      for (const question of request.questions) {
        const name = key(question.name);
        const failure = failures.get(name);
        if (failure) {
          response.header.rcode = RCODE[failure];
          continue;
        }
        const atName = records.get(name);
        if (!atName?.length) {
          response.header.rcode = RCODE.NXDOMAIN;
          continue;
        }
        for (const record of atName) {
          if (Packet.TYPE[record.type] !== question.type) continue;
          response.answers.push(
            Packet.createResourceFromQuestion(question, {
              ttl: 0,
              ...(record.type === 'TXT'
                ? { data: chunks(record.value) }
                : { domain: record.value }),
            }),
          );
        }
      }
      void send(response);
    },
  });
  const { udp } = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const address = `127.0.0.1:${udp!.port}`;
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([address]);

  return {
    server: address,
    publish(name, type, value) {
      records.set(key(name), [...(records.get(key(name)) ?? []), { type, value }]);
    },
    unpublish(name, type) {
      records.set(
        key(name),
        (records.get(key(name)) ?? []).filter((record) => record.type !== type),
      );
    },
    failWith(name, failure) {
      if (failure) failures.set(key(name), failure);
      else failures.delete(key(name));
    },
    resolve: (name, type) => resolver.resolve(name, type) as Promise<string[][] | string[]>,
    close: () => server.close(),
  };
}
