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

/** A dashboard card: the template without its design, plus whether its date range applies today. */
export type TemplateSummary = Omit<Template, 'design'> & { activeNow: boolean };

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

/** POST /templates/selectors/select/:id and GET /templates/selectors/selected */
export const selectedTemplateSchema = z.object({ selectedTemplateId: z.string().nullable() });

/** DELETE /templates/:id: whether the deleted template was the selected one. */
export const templateDeletedSchema = z.object({
  ok: z.literal(true),
  selectionCleared: z.boolean().optional(),
});
