import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSemaphore } from '../infrastructure/concurrency/semaphore.ts';
import { SpamCheckFailed, createSpamAssassin, scoreFromSpamStatus } from './spamassassin.ts';

const MESSAGE = Buffer.from(
  'From: Juniper & Clay <hello@thankly.example>\r\nTo: buyer@example.com\r\nSubject: Thank you\r\n' +
    'Date: Tue, 24 Nov 2026 10:00:00 +0000\r\nMessage-ID: <a1@thankly.example>\r\n\r\nThank you for your order.\r\n',
);

/** The folders the tests below make, removed after the file. */
const folders: string[] = [];
function folder(prefix: string): string {
  const made = mkdtempSync(join(tmpdir(), prefix));
  folders.push(made);
  return made;
}
afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

/** A stand-in for the spamassassin command: a script that prints `output` and exits. */
function fakeCommand(script: string): string {
  const path = join(folder('fake-sa-'), 'spamassassin');
  writeFileSync(path, `#!/bin/sh\n${script}\n`);
  chmodSync(path, 0o755);
  return path;
}

describe('scoreFromSpamStatus', () => {
  it('reads the score from a folded X-Spam-Status header', () => {
    const output =
      'X-Spam-Checker-Version: SpamAssassin 4.0.1\nX-Spam-Status: No, score=-0.1 required=5.0 tests=HTML_MESSAGE,\n\tNO_RECEIVED autolearn=no\nSubject: Hi\n\nscore=9.9 in the body is not it\n';
    expect(scoreFromSpamStatus(output)).toBe(-0.1);
    expect(scoreFromSpamStatus('X-Spam-Status: Yes,\r\n score=12.3 required=5.0\r\n\r\n')).toBe(
      12.3,
    );
  });

  it('finds nothing in a body or without the header', () => {
    expect(scoreFromSpamStatus('Subject: x\n\nX-Spam-Status: No, score=1.0\n')).toBeNull();
    expect(scoreFromSpamStatus('')).toBeNull();
  });
});

describe('createSpamAssassin', () => {
  it('has no score where the command is not installed', async () => {
    const scorer = createSpamAssassin({ command: '/nonexistent/spamassassin' });
    await expect(scorer.score(MESSAGE)).resolves.toBeNull();
  });

  it('fails loudly when the command gives no score, crashes or hangs', async () => {
    const silent = createSpamAssassin({ command: fakeCommand('cat >/dev/null; echo nothing') });
    await expect(silent.score(MESSAGE)).rejects.toBeInstanceOf(SpamCheckFailed);
    const crashing = createSpamAssassin({ command: fakeCommand('exit 3') });
    await expect(crashing.score(MESSAGE)).rejects.toBeInstanceOf(SpamCheckFailed);
    const hanging = createSpamAssassin({ command: fakeCommand('exec sleep 30'), timeoutMs: 200 });
    await expect(hanging.score(MESSAGE)).rejects.toBeInstanceOf(SpamCheckFailed);
  });

  it('hands the message to the command on stdin, its arguments without a shell', async () => {
    const seen = folder('fake-sa-seen-');
    const command = fakeCommand(
      `printf '%s\\n' "$@" > ${seen}/args; cat > ${seen}/stdin; printf 'X-Spam-Status: No, score=1.5 required=5.0\\n\\n'`,
    );
    await expect(createSpamAssassin({ command }).score(MESSAGE)).resolves.toBe(1.5);
    expect(readFileSync(join(seen, 'args'), 'utf8').split('\n')).toContain('--cf=use_bayes 0');
    expect(readFileSync(join(seen, 'args'), 'utf8').split('\n')).toContain('-L');
    expect(readFileSync(join(seen, 'stdin'))).toEqual(MESSAGE);
  });
});

describe('createSemaphore', () => {
  it('runs at most `limit` tasks at once and every task in turn', async () => {
    const run = createSemaphore(2);
    let active = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const tasks = Array.from({ length: 5 }, (_, index) =>
      run(async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active -= 1;
        return index;
      }),
    );
    const done = Promise.all(tasks);
    let finished = false;
    void done.then(() => (finished = true));
    // Let the waiting tasks start, then finish whatever is running, until all have run.
    while (!finished) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.splice(0).forEach((release) => release());
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });
});
