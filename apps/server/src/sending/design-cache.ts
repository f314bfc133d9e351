import { type Design, parseDesign } from '@thankly/email';

const MAX_ENTRIES = 1_000;

/**
 * Validated designs by template version. Validation costs more than rendering, and every order of a
 * seller uses the same template, so the sender validates each version once and renders many times.
 */
export class DesignCache {
  private readonly entries = new Map<string, Design>();

  get(templateId: string, updatedAt: Date, stored: unknown): Design {
    const key = `${templateId}:${updatedAt.getTime()}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const parsed = parseDesign(stored);
    if (!parsed.ok)
      throw new Error(`Stored design of template ${templateId} is invalid: ${parsed.error}`);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, parsed.design);
    return parsed.design;
  }
}
