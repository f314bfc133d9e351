// mailauth 4.x ships no types (later majors do, but need Node 22). The part the tests use.
declare module 'mailauth' {
  interface AuthResult {
    result: string;
    comment?: string;
  }

  export interface DkimSignatureResult {
    signingDomain?: string;
    selector?: string;
    status: AuthResult & { aligned?: string | false };
  }

  export interface AuthenticateOptions {
    /** The connecting client's address, its HELO name and the envelope's MAIL FROM. */
    ip: string;
    helo: string;
    sender: string;
    /** The receiving server's name, used in the result headers. */
    mta?: string;
    /** Looks names up instead of the system's DNS: (name, 'TXT' | 'MX' | ...) -> records. */
    resolver?: (name: string, type: string) => Promise<unknown>;
  }

  export interface AuthenticateResult {
    dkim: { results: DkimSignatureResult[] };
    /** `domain`: the envelope sender's domain SPF was judged for. */
    spf: { status: AuthResult; domain: string } | false;
    dmarc: { status: AuthResult; domain: string } | false;
  }

  export function authenticate(
    message: Buffer | string,
    options: AuthenticateOptions,
  ): Promise<AuthenticateResult>;
}
