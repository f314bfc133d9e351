/**
 * What a relay allows besides its connection cap: a rate of messages (SES, Postmark and shared
 * SMTP hosts all set one per account) and, when it is overwhelmed, a `421` that says "come back
 * later". Sending past either only earns more refusals, and each refusal costs the order an
 * attempt, so the pool starts messages no faster than the rate, and after a few `421`s in a row
 * stops starting them for a while.
 */
export interface RelayPacingOptions {
  /** Message starts per second at most; undefined: as fast as connections allow. */
  ratePerSecond?: number | undefined;
  /** This many `421` answers in a row pause the relay (default 3). */
  busyAnswersBeforePause?: number;
  /** How long a pause lasts (default 30 s). */
  pauseMs?: number;
  /** Told once per pause: the operator's log line. */
  onPause?: (pause: { ms: number; reply: string }) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface RelayPacing {
  /** Resolves when the next message may start: the rate's next slot, after any pause. */
  waitTurn(): Promise<void>;
  /** What the relay answered a message (or a connection): counts `421`s in a row. */
  heard(outcome: { ok: true } | { ok: false; error: unknown }): void;
}

export const DEFAULT_BUSY_ANSWERS_BEFORE_PAUSE = 3;
export const DEFAULT_RELAY_PAUSE_MS = 30_000;

export function createRelayPacing(options: RelayPacingOptions = {}): RelayPacing {
  const now = options.now ?? Date.now;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const gapMs = options.ratePerSecond ? 1000 / options.ratePerSecond : 0;
  const busyLimit = options.busyAnswersBeforePause ?? DEFAULT_BUSY_ANSWERS_BEFORE_PAUSE;
  const pauseMs = options.pauseMs ?? DEFAULT_RELAY_PAUSE_MS;
  let nextSlot = 0;
  let pausedUntil = 0;
  let busyInARow = 0;

  return {
    async waitTurn() {
      // A pause can begin while a message waits for its slot: it looks again after waking.
      for (;;) {
        const at = now();
        const start = Math.max(at, nextSlot, pausedUntil);
        if (start <= at) break;
        await sleep(start - at);
      }
      // Slots are handed out in turn, so messages waiting together leave one gap apart.
      nextSlot = Math.max(now(), nextSlot) + gapMs;
    },
    heard(outcome) {
      if (outcome.ok) {
        busyInARow = 0;
        return;
      }
      const code = replyCode(outcome.error);
      // A dropped connection says nothing about how busy the relay is.
      if (code === undefined) return;
      if (code !== 421) {
        busyInARow = 0;
        return;
      }
      busyInARow += 1;
      if (busyInARow < busyLimit || pausedUntil > now()) return;
      busyInARow = 0;
      pausedUntil = now() + pauseMs;
      options.onPause?.({ ms: pauseMs, reply: replyText(outcome.error) });
    },
  };
}

/** The SMTP reply code nodemailer attaches to a refusal, if the relay gave one. */
function replyCode(error: unknown): number | undefined {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
}

function replyText(error: unknown): string {
  const response = (error as { response?: unknown } | null)?.response;
  if (typeof response === 'string') return response.slice(0, 300);
  return error instanceof Error ? error.message.slice(0, 300) : String(error);
}
