import { parseDesign } from '@thankly/email';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../infrastructure/db/database.ts';
import { templateVersions, templates } from '../infrastructure/db/schema.ts';
import { withStoredImageSizes } from '../media/stored-image-sizes.ts';
import { SKIP_REASONS } from '../orders/skip-reasons.ts';
import { UnsendableOrderError } from '../orders/unsendable-order.ts';
import type { SendableTemplate } from '../buyer-email/sendable-template.ts';

const MAX_ENTRIES = 1_000;

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
    const template = await sendable(db, templateId, row, {
      id: row.versionId,
      number: row.versionNumber,
    });
    this.remember(key, template);
    return template;
  }

  /**
   * One published version of a seller's template, as it was published: what a blocked email is
   * made of again (block-retries.ts), whatever the template has become since. Undefined when the
   * version is gone (only the newest 50 are kept) or is not this seller's.
   */
  async version(
    db: Database,
    userId: string,
    versionId: string,
  ): Promise<SendableTemplate | undefined> {
    const key = `version:${userId}:${versionId}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const [row] = await db
      .select({
        templateId: templateVersions.templateId,
        number: templateVersions.number,
        name: templateVersions.name,
        subject: templateVersions.subject,
        preheader: templateVersions.preheader,
        language: templateVersions.language,
        design: templateVersions.design,
        userId: templateVersions.userId,
      })
      .from(templateVersions)
      .where(and(eq(templateVersions.id, versionId), eq(templateVersions.userId, userId)));
    if (!row) return undefined;
    const template = await sendable(db, row.templateId, row, { id: versionId, number: row.number });
    this.remember(key, template);
    return template;
  }

  private remember(key: string, template: SendableTemplate): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, template);
  }
}

/** A stored design checked and sized, ready to render: an unreadable one cannot be sent. */
async function sendable(
  db: Database,
  templateId: string,
  row: Pick<SendableTemplate, 'name' | 'subject' | 'preheader' | 'language'> & {
    design: unknown;
    userId: string;
  },
  version: { id: string | null; number: number | null },
): Promise<SendableTemplate> {
  const parsed = parseDesign(row.design);
  if (!parsed.ok)
    throw new UnsendableOrderError(
      SKIP_REASONS.unreadableDesign,
      `stored design of template ${templateId} is invalid: ${parsed.error}`,
    );
  return {
    id: templateId,
    name: row.name,
    subject: row.subject,
    preheader: row.preheader,
    language: row.language,
    // Sized once per version: an upload's size never changes (its key names its bytes).
    design: await withStoredImageSizes(db, row.userId, parsed.design),
    version:
      version.id !== null && version.number !== null
        ? { id: version.id, number: version.number }
        : null,
  };
}
