import { z } from 'zod';
import {
  DEFAULT_TEMPLATE_LANGUAGE,
  MAX_DESIGN_BYTES,
  designSchema,
  designShapeProblem,
  preheaderSchema,
  templateLanguageSchema,
  type TemplateLanguage,
} from '@thankly/email';
import { TEMPLATE_MESSAGES, TEMPLATE_NAME_MAX, TEMPLATE_SUBJECT_MAX } from './template-messages.ts';

export * from './template-messages.ts';

/** A calendar date as YYYY-MM-DD that exists (no 2026-02-30). */
export const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must look like YYYY-MM-DD.')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'That date does not exist.');

const optionalDate = z
  .union([calendarDateSchema, z.literal(''), z.null()])
  .optional()
  .transform((v) => v || null);

export const sendConditionsSchema = z.object({
  enabled: z.boolean().default(false),
  startDate: optionalDate,
  endDate: optionalDate,
});
export type SendConditions = z.output<typeof sendConditionsSchema>;

const encoder = new TextEncoder();

/**
 * What an email is made of: subject, preview line, language and design. Shared by saving a
 * template and by the deliverability check, which checks an unsaved one.
 */
export const templateContentFields = {
  subject: z
    .string()
    .trim()
    .max(TEMPLATE_SUBJECT_MAX, `Please keep the subject under ${TEMPLATE_SUBJECT_MAX} characters.`)
    .default(''),
  /** The inbox preview line; templates saved before it existed have none. */
  preheader: preheaderSchema.default(''),
  language: templateLanguageSchema.default(DEFAULT_TEMPLATE_LANGUAGE),
  design: z
    .unknown()
    .check((ctx) => {
      // Depth first: measuring the size (JSON.stringify) recurses, and overflows on deep input.
      const problem =
        designShapeProblem(ctx.value) ??
        (encoder.encode(JSON.stringify(ctx.value ?? null)).length > MAX_DESIGN_BYTES
          ? `The design is too large (limit ${MAX_DESIGN_BYTES / 1024} KB).`
          : null);
      if (problem) ctx.issues.push({ code: 'custom', input: ctx.value, message: problem });
    })
    .pipe(designSchema),
};

/**
 * The body of POST /templates and PUT /templates/{id}. `html` is accepted for compatibility and
 * ignored: the server renders the stored design itself.
 */
export const templateInputSchema = z
  .object({
    name: z
      .string(TEMPLATE_MESSAGES.nameRequired)
      .trim()
      .min(1, TEMPLATE_MESSAGES.nameRequired)
      .max(TEMPLATE_NAME_MAX, `Please keep the name under ${TEMPLATE_NAME_MAX} characters.`),
    ...templateContentFields,
    html: z.string().optional(),
    sendConditions: sendConditionsSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const conditions = input.sendConditions;
    if (!conditions?.enabled) return;
    if (!conditions.startDate || !conditions.endDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['sendConditions'],
        message: TEMPLATE_MESSAGES.bothDates,
      });
    } else if (conditions.endDate < conditions.startDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['sendConditions'],
        message: TEMPLATE_MESSAGES.endBeforeStart,
      });
    }
  });
export type TemplateInput = z.input<typeof templateInputSchema>;

/** A button or linked picture that would lead the buyer nowhere, named when the template is saved. */
export interface LinkWarning {
  blockId: string;
  message: string;
  /** One click sets this address as the block's link. */
  fix: { label: string; url: string };
}

export const linkWarningSchema: z.ZodType<LinkWarning> = z.object({
  blockId: z.string(),
  message: z.string(),
  fix: z.object({ label: z.string(), url: z.string() }),
});

/** A template as the API returns it. */
export interface Template {
  id: string;
  name: string;
  subject: string;
  preheader: string;
  language: TemplateLanguage;
  /** Rendered by the server from the stored design; tokens are left in place. */
  html: string;
  design: z.output<typeof designSchema>;
  sendConditions: SendConditions;
  createdAt: string;
  updatedAt: string;
  /** Saving only (POST, PUT): the blocks whose link would lead nowhere. */
  linkWarnings?: LinkWarning[];
}

/**
 * A dashboard card: the template without its design, plus whether its date range applies today and
 * whether an autosaved draft holds changes that buyers do not get yet.
 */
export type TemplateSummary = Omit<Template, 'design'> & {
  activeNow: boolean;
  hasDraftChanges?: boolean;
};

/** GET /templates/:id, and the saved template of POST /templates and PUT /templates/:id. */
export const templateSchema: z.ZodType<Template> = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  preheader: z.string(),
  language: templateLanguageSchema,
  html: z.string(),
  design: designSchema,
  sendConditions: z.object({
    enabled: z.boolean(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  linkWarnings: z.array(linkWarningSchema).optional(),
});

/** GET /templates/ */
export const templateListSchema: z.ZodType<{ templates: TemplateSummary[] }> = z.object({
  templates: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      subject: z.string(),
      preheader: z.string(),
      language: templateLanguageSchema,
      html: z.string(),
      sendConditions: z.object({
        enabled: z.boolean(),
        startDate: z.string().nullable(),
        endDate: z.string().nullable(),
      }),
      createdAt: z.string(),
      updatedAt: z.string(),
      activeNow: z.boolean(),
      hasDraftChanges: z.boolean().optional(),
    }),
  ),
});

/** Which template goes out today, and whether a conditional one overrides the selection. */
export interface EffectiveTemplate {
  templateId: string | null;
  overridden: boolean;
  /** Today's date in Europe/Athens, YYYY-MM-DD. */
  date: string;
}

export const effectiveTemplateSchema: z.ZodType<EffectiveTemplate> = z.object({
  templateId: z.string().nullable(),
  overridden: z.boolean(),
  date: z.string(),
});

export interface ConditionalCandidate {
  id: string;
  conditionsEnabled: boolean;
  startDate: string | null;
  endDate: string | null;
}

/** Whether a template's date range holds `today` (YYYY-MM-DD; string order is date order). */
export function isInRange(template: ConditionalCandidate, today: string): boolean {
  return (
    template.conditionsEnabled &&
    template.startDate !== null &&
    template.endDate !== null &&
    template.startDate <= today &&
    today <= template.endDate
  );
}

/**
 * Spec section 4: with paid features, among the templates whose range holds today the one with
 * the latest start date wins (ties: the later end date, then the id, so the answer is stable)
 * and overrides the selected template.
 */
export function pickEffectiveTemplate(
  candidates: readonly ConditionalCandidate[],
  selectedTemplateId: string | null,
  paidFeatures: boolean,
  today: string,
): Omit<EffectiveTemplate, 'date'> {
  const override = paidFeatures
    ? candidates
        .filter((t) => isInRange(t, today))
        .sort(
          (a, b) =>
            b.startDate!.localeCompare(a.startDate!) ||
            b.endDate!.localeCompare(a.endDate!) ||
            b.id.localeCompare(a.id),
        )[0]
    : undefined;
  if (override) return { templateId: override.id, overridden: override.id !== selectedTemplateId };
  return { templateId: selectedTemplateId, overridden: false };
}

/** POST /templates/selectors/select/:id and GET /templates/selectors/selected */
export const selectedTemplateSchema = z.object({ selectedTemplateId: z.string().nullable() });

/** DELETE /templates/:id: whether the deleted template was the selected one. */
export const templateDeletedSchema = z.object({
  ok: z.literal(true),
  selectionCleared: z.boolean().optional(),
});

/**
 * Autosave (issue 38 point 1, docs/decisions/019-template-drafts.md). Every change in the editor is
 * kept as a draft per template, apart from the published template that buyers receive; a template
 * never published has one draft per seller, under the key `new`. Publishing (Save) replaces the
 * template with the editor's content and removes the draft.
 */
export const NEW_TEMPLATE_DRAFT_KEY = 'new';

export const DRAFT_MESSAGES = {
  /** 409: the draft on the server moved on (another tab or device, a publish or a discard). */
  conflict:
    'This draft was changed in another window or device since this one last saved it. Your changes here were not saved over it.',
} as const;

/** Which draft: a template's id, or `new` for the seller's template that was never published. */
export const draftParamsSchema = z.object({
  id: z.union([z.literal(NEW_TEMPLATE_DRAFT_KEY), z.uuid()]),
});

/**
 * What a draft keeps: the editor's fields as they are, half-typed ones included (an empty name, a
 * date range without its end), so only the shape and the design's size and validity are checked.
 * The publish rules (name required, dates in order, size as sent) apply when the seller saves.
 */
export const templateDraftContentSchema = z.object({
  name: z
    .string()
    .max(TEMPLATE_NAME_MAX, `Please keep the name under ${TEMPLATE_NAME_MAX} characters.`),
  ...templateContentFields,
  sendConditions: z
    .object({
      enabled: z.boolean(),
      startDate: z.union([calendarDateSchema, z.literal('')]),
      endDate: z.union([calendarDateSchema, z.literal('')]),
    })
    .default({ enabled: false, startDate: '', endDate: '' }),
});
export type TemplateDraftContent = z.output<typeof templateDraftContentSchema>;

/**
 * PUT /templates/:id/draft. `baseRevision` is the revision this editor last saw (0: none): the
 * server takes the draft only if its own is still at that revision, so an older copy (one sent
 * late from a tab that was offline) never overwrites a newer one.
 */
export const templateDraftInputSchema = z.object({
  baseRevision: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  content: templateDraftContentSchema,
});
export type TemplateDraftInput = z.input<typeof templateDraftInputSchema>;

export interface TemplateDraft {
  revision: number;
  updatedAt: string;
  content: TemplateDraftContent;
}

export const templateDraftSchema: z.ZodType<TemplateDraft> = z.object({
  revision: z.number().int(),
  updatedAt: z.string(),
  content: z.object({
    name: z.string(),
    subject: z.string(),
    preheader: z.string(),
    language: templateLanguageSchema,
    design: designSchema,
    sendConditions: z.object({
      enabled: z.boolean(),
      startDate: z.string(),
      endDate: z.string(),
    }),
  }),
});

/** GET /templates/:id/draft: the draft, or null when the editor shows the published template. */
export const templateDraftReplySchema = z.object({ draft: templateDraftSchema.nullable() });
