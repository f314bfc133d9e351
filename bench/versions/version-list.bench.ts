// Issue 38 point 2: a template's version list of 50 opens in < 300 ms on the embedded database.
// One API process (built, production mode) on a seeded embedded database whose template has the
// 50 versions kept, each the default design; "opening" the list is what the history page asks for
// first: the list, then the thumbnails of the first screen (six cards), together. Goal (reported,
// never enforced): p95 of the opening < 300 ms.
import { createDefaultTemplate, renderEmail } from '@thankly/email';
import { TEMPLATE_VERSIONS_KEPT } from '@thankly/api-contract';
import { asc, eq } from 'drizzle-orm';
import {
  templateVersions,
  templates,
  users,
} from '../../apps/server/src/infrastructure/db/schema.ts';
import { startBenchApi } from '../lib/api-process.ts';
import { printGoals } from '../lib/measure.ts';
import { onEmbedded } from '../lib/seeded-engines.ts';
import { APP_SECRET, SELLER } from '../ingest/seed.ts';

export const name = 'version history list (apps/server, embedded database)';

const ROUNDS = Number(process.env.BENCH_VERSION_ROUNDS ?? 40);
const WARMUP_ROUNDS = 5;
const FIRST_SCREEN_THUMBNAILS = 6;
const GOAL_OPEN_P95_MS = 300;

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? NaN;
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(SELLER),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function timed(run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

export async function run(): Promise<void> {
  console.log(
    `\n== ${name}: ${TEMPLATE_VERSIONS_KEPT} versions, ${ROUNDS} openings (list + ${FIRST_SCREEN_THUMBNAILS} thumbnails)`,
  );
  await onEmbedded('versions', async (seeded) => {
    const { db } = seeded.handle;
    const [seller] = await db.select().from(users).where(eq(users.email, SELLER.email));
    const [template] = await db
      .select()
      .from(templates)
      .where(eq(templates.userId, seller!.id))
      .orderBy(asc(templates.createdAt))
      .limit(1);
    const { design, subject } = createDefaultTemplate();
    const html = renderEmail(design).html;
    const rows = await db
      .insert(templateVersions)
      .values(
        Array.from({ length: TEMPLATE_VERSIONS_KEPT }, (_, i) => ({
          templateId: template!.id,
          userId: seller!.id,
          number: i + 1,
          kind: 'publish' as const,
          authorName: seller!.name,
          authorEmail: seller!.email,
          name: template!.name,
          subject: `${subject} (${i + 1})`,
          preheader: '',
          language: 'en' as const,
          design,
          html,
          conditionsEnabled: false,
        })),
      )
      .returning({ id: templateVersions.id, number: templateVersions.number });
    const newest = rows.sort((a, b) => b.number - a.number);
    await db
      .update(templates)
      .set({ currentVersionId: newest[0]!.id })
      .where(eq(templates.id, template!.id));
    await seeded.handOver();

    const api = await startBenchApi(APP_SECRET, { ROLE: 'api', ...seeded.databaseEnv });
    try {
      const cookie = await signIn(api.url);
      const base = `${api.url}/api/templates/${template!.id}/versions`;
      const get = async (url: string) => {
        const response = await fetch(url, { headers: { cookie } });
        if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
        await response.arrayBuffer();
      };
      const open = async () => {
        const response = await fetch(base, { headers: { cookie } });
        const list = (await response.json()) as { versions: Array<{ id: string }> };
        if (list.versions.length !== TEMPLATE_VERSIONS_KEPT)
          throw new Error(`listed ${list.versions.length} versions`);
        await Promise.all(
          list.versions.slice(0, FIRST_SCREEN_THUMBNAILS).map((v) => get(`${base}/${v.id}/html`)),
        );
      };
      for (let i = 0; i < WARMUP_ROUNDS; i++) await open();
      const listOnly: number[] = [];
      const openings: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        listOnly.push(await timed(() => get(base)));
        openings.push(await timed(open));
      }
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      console.log(
        `list of ${TEMPLATE_VERSIONS_KEPT}: p50 ${ms(percentile(listOnly, 0.5))}, p95 ${ms(percentile(listOnly, 0.95))}`,
      );
      console.log(
        `opening (list + ${FIRST_SCREEN_THUMBNAILS} thumbnails): p50 ${ms(percentile(openings, 0.5))}, p95 ${ms(percentile(openings, 0.95))}`,
      );
      const p95 = percentile(openings, 0.95);
      printGoals([
        {
          label: `version list of ${TEMPLATE_VERSIONS_KEPT} opens (embedded)`,
          isMet: p95 < GOAL_OPEN_P95_MS,
          detail: `p95 ${ms(p95)} < ${GOAL_OPEN_P95_MS} ms`,
        },
      ]);
    } finally {
      await api.server.stop();
    }
  });
}
