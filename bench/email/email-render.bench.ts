// Issue 3, point 6: our renderer against MJML and @usewaypoint/email-builder rendering the same
// emails, in the same process and run. Goals, on a validated design (what the sender renders per
// order): >= 100x MJML and >= 5x email-builder throughput, < 1 ms p99 for the default template.
// Misses are printed, never thrown.
import { renderToStaticMarkup } from '@usewaypoint/email-builder';
import mjml2html from 'mjml';
import {
  parseDesign,
  renderEmail,
  renderEmailForOrder,
  sampleTokenValues,
  type Design,
} from '@thankly/email';
import { measure, printGoals, printTable, type Goal, type Measurement } from '../lib/measure.ts';
import { defaultTemplateDesign, fiftyBlockDesign } from './designs.ts';
import { toEmailBuilder } from './to-email-builder.ts';
import { toMjml } from './to-mjml.ts';

export const name = 'email rendering (packages/email)';

const PREHEADER = 'A little thank-you from [shop-name]';
const MJML_OPTIONS = { validationLevel: 'skip', minify: false, beautify: false } as const;

interface Comparison {
  /** renderEmail on the design as JSON from storage: validation + render. */
  oursFromJson: Measurement;
  /** renderEmail on a design parseDesign already validated: what a sender does per order. */
  oursValidated: Measurement;
  mjml: Measurement;
  emailBuilder: Measurement;
}

async function compare(title: string, design: Design): Promise<Comparison> {
  // Each renderer gets the design as it is stored: JSON (ours, email-builder) or MJML source.
  // Converting between formats happens once, outside the timing.
  const json = JSON.parse(JSON.stringify(design)) as Design;
  const parsed = parseDesign(JSON.parse(JSON.stringify(design)));
  if (!parsed.ok) throw new Error(`benchmark design is invalid: ${parsed.error}`);
  const validated = parsed.design;
  const mjmlSource = toMjml(design, PREHEADER);
  const document = toEmailBuilder(design);

  const oursFromJson = await measure(
    'ours: renderEmail(JSON) validate+render',
    () => renderEmail(json, { preheader: PREHEADER }).html,
  );
  const oursValidated = await measure(
    'ours: renderEmail(validated design)',
    () => renderEmail(validated, { preheader: PREHEADER }).html,
  );
  const forOrder = await measure(
    'ours: renderEmailForOrder(validated), +tokens',
    () =>
      renderEmailForOrder(validated, 'Thank you, [customer-first-name]!', sampleTokenValues, {
        preheader: PREHEADER,
      }).html,
  );
  const mjml = await measure(
    'mjml 5 mjml2html (validation skipped)',
    async () => (await mjml2html(mjmlSource, MJML_OPTIONS)).html,
    {
      minTimeMs: 3_000,
      minIterations: 30,
    },
  );
  const emailBuilder = await measure('email-builder renderToStaticMarkup', () =>
    renderToStaticMarkup(document as never, { rootBlockId: 'root' }),
  );
  printTable(title, [oursFromJson, oursValidated, forOrder, mjml, emailBuilder]);
  return { oursFromJson, oursValidated, mjml, emailBuilder };
}

function ratioGoal(
  label: string,
  ours: Measurement,
  reference: Measurement,
  minRatio: number,
): Goal {
  const ratio = ours.rendersPerSecond / reference.rendersPerSecond;
  return {
    label,
    isMet: ratio >= minRatio,
    detail: `${ratio.toFixed(1)}x (${Math.round(ours.rendersPerSecond)}/s vs ${Math.round(reference.rendersPerSecond)}/s; goal >= ${minRatio}x)`,
  };
}

function p99Goal(label: string, ours: Measurement): Goal {
  return { label, isMet: ours.p99Ms < 1, detail: `${ours.p99Ms.toFixed(3)} ms (goal < 1 ms)` };
}

export async function run(): Promise<void> {
  console.log(`\n== ${name} ==`);
  console.log(
    `node ${process.version}, ${process.arch}; each case warms up 0.5 s, then runs >= 2 s (MJML >= 3 s). ` +
      'MJML runs with validation skipped, its fastest mode, so its ratios are conservative.',
  );
  const small = await compare('Default template (8 blocks, logo set)', defaultTemplateDesign());
  const large = await compare('50-block design (incl. 2-column blocks)', fiftyBlockDesign());
  // The sender validates a design once per template version (DesignCache), so the goals are on
  // the validated path; validate+render from JSON is printed for reference only.
  console.log('\nFigures (no goal): validate+render from JSON');
  for (const [label, comparison] of [
    ['default template', small],
    ['50-block design', large],
  ] as const) {
    const { oursFromJson, mjml, emailBuilder } = comparison;
    console.log(
      `  ${label}: ${(oursFromJson.rendersPerSecond / mjml.rendersPerSecond).toFixed(1)}x MJML, ` +
        `${(oursFromJson.rendersPerSecond / emailBuilder.rendersPerSecond).toFixed(1)}x email-builder, ` +
        `p99 ${oursFromJson.p99Ms.toFixed(3)} ms`,
    );
  }
  const goals: Goal[] = [
    ratioGoal(
      '[validated design] throughput vs MJML, default template',
      small.oursValidated,
      small.mjml,
      100,
    ),
    ratioGoal(
      '[validated design] throughput vs email-builder, default template',
      small.oursValidated,
      small.emailBuilder,
      5,
    ),
    p99Goal('[validated design] p99 per render, default template', small.oursValidated),
    ratioGoal(
      '[validated design] throughput vs MJML, 50-block design',
      large.oursValidated,
      large.mjml,
      100,
    ),
    ratioGoal(
      '[validated design] throughput vs email-builder, 50-block design',
      large.oursValidated,
      large.emailBuilder,
      5,
    ),
  ];
  printGoals(goals);
}
