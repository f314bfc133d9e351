// Version history of a template (issue 38 point 2; docs/decisions/021-template-versions.md): every
// publish is kept, with who published it, and any version can be viewed, compared and restored.
import { z } from 'zod';
import { designSchema, templateLanguageSchema, type TemplateLanguage } from '@thankly/email';

/** How many versions of one template are kept at least; publishing more drops the oldest. */
export const TEMPLATE_VERSIONS_KEPT = 50;

/**
 * How a version came to be: the seller's Save, a restore of an older version, a brand restyle
 * of the seller's templates, or the undo of one.
 */
export const TEMPLATE_VERSION_KINDS = ['publish', 'restore', 'restyle', 'restyle-undo'] as const;
export type TemplateVersionKind = (typeof TEMPLATE_VERSION_KINDS)[number];

export const TEMPLATE_VERSION_MESSAGES = {
  notFound: 'Version not found. Thankly keeps the last 50 versions of each template.',
  alreadyLive: 'This version is already what buyers receive.',
  undoGone:
    'This restore can no longer be undone: the template was published again or the undo was already made.',
} as const;

/** One version as the history list shows it: no design, the thumbnail is drawn from its HTML. */
export interface TemplateVersionSummary {
  id: string;
  templateId: string;
  number: number;
  kind: TemplateVersionKind;
  /** A restore: the number of the version it copied. */
  restoredFrom: number | null;
  /** A restore that was undone: when. */
  undoneAt: string | null;
  /** What buyers receive now. */
  isLive: boolean;
  /** A restore that is live and can still be undone. */
  canUndo: boolean;
  authorName: string;
  authorEmail: string;
  name: string;
  subject: string;
  createdAt: string;
}

/** One version in full, for the read-only view and the comparison. */
export interface TemplateVersion extends TemplateVersionSummary {
  preheader: string;
  language: TemplateLanguage;
  design: z.output<typeof designSchema>;
  /** Rendered by the server when it was published; tokens are left in place. */
  html: string;
}

const summaryFields = {
  id: z.string(),
  templateId: z.string(),
  number: z.number().int(),
  kind: z.enum(TEMPLATE_VERSION_KINDS),
  restoredFrom: z.number().int().nullable(),
  undoneAt: z.string().nullable(),
  isLive: z.boolean(),
  canUndo: z.boolean(),
  authorName: z.string(),
  authorEmail: z.string(),
  name: z.string(),
  subject: z.string(),
  createdAt: z.string(),
};

export const templateVersionSummarySchema: z.ZodType<TemplateVersionSummary> =
  z.object(summaryFields);

export const templateVersionSchema: z.ZodType<TemplateVersion> = z.object({
  ...summaryFields,
  preheader: z.string(),
  language: templateLanguageSchema,
  design: designSchema,
  html: z.string(),
});

/** GET /templates/:id/versions: newest first, with the template's name as it is now. */
export const templateVersionListSchema = z.object({
  templateName: z.string(),
  versions: z.array(templateVersionSummarySchema),
});
export type TemplateVersionList = z.output<typeof templateVersionListSchema>;

/** A version's path: both ids must be uuids, or it is the same 404 as a missing one. */
export const templateVersionParamsSchema = z.object({ id: z.uuid(), versionId: z.uuid() });

/** POST .../restore and POST .../undo-restore: the version now live. */
export const templateVersionRestoredSchema = z.object({ live: templateVersionSummarySchema });

/** Which version of which template a sent email was made from (the activity feed links to it). */
export const sentVersionSchema = z.object({
  templateId: z.string(),
  versionId: z.string(),
  number: z.number().int(),
});
export type SentVersion = z.output<typeof sentVersionSchema>;
