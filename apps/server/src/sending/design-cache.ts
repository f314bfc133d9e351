import { type Design, type TemplateLanguage, parseDesign } from '@thankly/email';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { templateVersions, templates } from '../db/schema.ts';
import { withStoredImageSizes } from '../media/stored-image-sizes.ts';
import { SKIP_REASONS } from './skip-reasons.ts';
import { UnsendableOrderError } from './unsendable-order.ts';

const MAX_ENTRIES = 1_000;

export interface SendableTemplate {
  id: string;
  name: string;
  subject: string;
  preheader: string;
  language: TemplateLanguage;
  design: Design;
  /**
   * The published version this content is (template_versions), recorded on each email made from
   * it; null only for a template whose version row is gone (never, once migration 0029 ran).
   */
  version: { id: string; number: number } | null;
}

/**
 * Templates ready to render, by version. Validating a design costs more than rendering it, and a
 * seller's orders share one template, so the sender loads and validates each version once.
 */
export class DesignCache {
  private readonly entries = new Map<string, SendableTemplate>();

  async get(
    db: Database,
    templateId: string,
    updatedAt: Date,
  ): Promise<SendableTemplate | undefined> {
    const key = `${templateId}:${updatedAt.getTime()}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const [row] = await db
      .select({
        name: templates.name,
        subject: templates.subject,
        preheader: templates.preheader,
        language: templates.language,
        design: templates.design,
        userId: templates.userId,
        versionId: templateVersions.id,
        versionNumber: templateVersions.number,
      })
      .from(templates)
      // Read with the content in one statement: the version always matches what is sent.
      .leftJoin(templateVersions, eq(templateVersions.id, templates.currentVersionId))
      .where(eq(templates.id, templateId));
    if (!row) return undefined;
    const parsed = parseDesign(row.design);
    if (!parsed.ok)
      throw new UnsendableOrderError(
        SKIP_REASONS.unreadableDesign,
        `stored design of template ${templateId} is invalid: ${parsed.error}`,
      );
    const template = {
      id: templateId,
      name: row.name,
      subject: row.subject,
      preheader: row.preheader,
      language: row.language,
      // Sized once per version: an upload's size never changes (its key names its bytes).
      design: await withStoredImageSizes(db, row.userId, parsed.design),
      version:
        row.versionId !== null && row.versionNumber !== null
          ? { id: row.versionId, number: row.versionNumber }
          : null,
    };
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, template);
    return template;
  }
}
