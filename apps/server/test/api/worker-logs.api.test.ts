import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { loadConfig } from '../../src/app-config.ts';
import {
  orderEmails,
  shops,
  templateSelections,
  templates,
  users,
} from '../../src/infrastructure/db/schema.ts';
import { type Runtime, startRuntime } from '../../src/runtime.ts';
import { createTestDatabase } from '../support/test-databases.ts';
import { randomUUID } from 'node:crypto';
import { createDefaultTemplate, renderEmail } from '@thankly/email';

/**
 * A worker process (ROLE=worker: no HTTP app) at a given LOG_LEVEL, its log lines collected. The
 * console is watched too: nothing may bypass the logger.
 */
async function startWorker(logLevel: string) {
  const database = await createTestDatabase();
  const lines: string[] = [];
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: logLevel, ROLE: 'worker' }),
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
  };
  const runtime: Runtime = await startRuntime(config, {
    dispatcher: { idleMs: 100 },
    schedules: false,
    logStream: { write: (line: string) => void lines.push(line) },
  });
  return {
    runtime,
    lines,
    async stop() {
      await runtime.stop();
      await database.drop();
    },
  };
}

/** An order the worker cannot send (its stored details fail the order schema): it logs a warning. */
async function queueUnsendableOrder(runtime: Runtime): Promise<string> {
  const { db } = runtime.ctx;
  const [user] = await db
    .insert(users)
    .values({
      name: 'Quiet Seller',
      email: `quiet-${randomUUID()}@example.com`,
      passwordHash: 'x',
      plan: 'business',
      emailVerifiedAt: runtime.ctx.clock.now(),
    })
    .returning();
  const { design } = createDefaultTemplate();
  const [template] = await db
    .insert(templates)
    .values({
      userId: user!.id,
      name: 'Thanks',
      subject: 'Thanks',
      design,
      html: renderEmail(design).html,
    })
    .returning();
  await db.insert(templateSelections).values({ userId: user!.id, templateId: template!.id });
  const [shop] = await db
    .insert(shops)
    .values({
      userId: user!.id,
      marketplace: 'demo',
      externalId: `demo-${randomUUID()}`,
      name: 'Shop',
    })
    .returning();
  const [row] = await db
    .insert(orderEmails)
    .values({
      userId: user!.id,
      shopId: shop!.id,
      marketplaceOrderId: 'old-row',
      orderNumber: 'OLD-1',
      buyerEmail: 'buyer@example.com',
      order: { externalId: 'old-row' },
    })
    .returning();
  runtime.ctx.notifyNewOrders();
  await expect
    .poll(
      async () =>
        (await db.select().from(orderEmails).where(eq(orderEmails.id, row!.id)))[0]!.status,
      { timeout: 15_000, interval: 100 },
    )
    .toBe('failed');
  return row!.id;
}

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await stop?.();
  stop = undefined;
});

describe('a worker logs through the one logger, at LOG_LEVEL', () => {
  test.each([
    ['warn', true],
    ['silent', false],
  ] as const)(
    'LOG_LEVEL=%s: the warning is written: %s; the console stays untouched',
    async (level, written) => {
      const console_ = (['log', 'info', 'warn', 'error'] as const).map((method) =>
        vi.spyOn(console, method).mockImplementation(() => {}),
      );
      const worker = await startWorker(level);
      stop = worker.stop;
      const orderId = await queueUnsendableOrder(worker.runtime);

      const warning = worker.lines.find((line) => line.includes('order cannot be sent'));
      if (written) {
        expect(JSON.parse(warning!)).toMatchObject({ level: 40, orderEmailId: orderId });
      } else {
        expect(worker.lines).toEqual([]);
      }
      for (const spy of console_) expect(spy).not.toHaveBeenCalled();
    },
  );
});
