// SpamAssassin's score for one message, from the `spamassassin` command of the Debian package, run
// locally: network tests off (-L), so the score depends on the message alone and no DNS blocklist is
// asked about it. Not installed -> no score; the check says so instead of failing.
import { execFile } from 'node:child_process';
import { createSemaphore } from '../infrastructure/concurrency/semaphore.ts';

export interface SpamScorer {
  /** The score of a raw RFC 5322 message, or null where SpamAssassin is not installed. */
  score(rawMessage: Buffer): Promise<number | null>;
}

export interface SpamAssassinOptions {
  command?: string;
  timeoutMs?: number;
  /** Runs at once per process; each takes a core for about a second. */
  concurrency?: number;
}

const ARGS = [
  '-L', // local tests only
  '-t', // test mode: the message back with the X-Spam-Status header, whatever the verdict
  '-x', // never create a preferences file in the home directory
  // No learning: a seller's draft must not teach the server's filter anything.
  '--cf=use_bayes 0',
  '--cf=bayes_auto_learn 0',
];

/** The message SpamAssassin returns is ours plus its report: a few KB more than the input. */
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

export class SpamCheckFailed extends Error {}

/** The score in SpamAssassin's X-Spam-Status header ("No, score=1.2 required=5.0 tests=…"). */
export function scoreFromSpamStatus(output: string): number | null {
  const headerEnd = output.search(/\r?\n\r?\n/);
  const headers = (headerEnd === -1 ? output : output.slice(0, headerEnd)).replace(
    /\r?\n[ \t]+/g,
    ' ',
  );
  const status = /^X-Spam-Status:.*?\bscore=(-?\d+(?:\.\d+)?)\b/im.exec(headers);
  return status ? Number(status[1]) : null;
}

export function createSpamAssassin(options: SpamAssassinOptions = {}): SpamScorer {
  const { command = 'spamassassin', timeoutMs = 20_000, concurrency = 1 } = options;
  const limited = createSemaphore(concurrency);

  const run = (rawMessage: Buffer) =>
    new Promise<number | null>((resolve, reject) => {
      const child = execFile(
        command,
        ARGS,
        { timeout: timeoutMs, maxBuffer: MAX_OUTPUT_BYTES, encoding: 'utf8' },
        (error, stdout) => {
          if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') return resolve(null);
          if (error) return reject(new SpamCheckFailed(`spamassassin failed: ${error.message}`));
          const score = scoreFromSpamStatus(stdout);
          if (score === null) return reject(new SpamCheckFailed('spamassassin gave no score'));
          resolve(score);
        },
      );
      // A process that dies before reading all of stdin (not installed, killed) reports through
      // the callback; the broken pipe is not a second error.
      child.stdin?.on('error', () => {});
      child.stdin?.end(rawMessage);
    });

  return { score: (rawMessage) => limited(() => run(rawMessage)) };
}
