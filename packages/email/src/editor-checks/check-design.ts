// Every editor check over one template as it is on screen: the items, problems first and then in
// the order the email reads, and its weight for the size meter.
import { parseDesign, type DesignInput } from '../schema/design.ts';
import type { TemplateLanguage } from '../language/languages.ts';
import { blockNames, namedLeaves } from './block-names.ts';
import type { EditorCheckItem } from './check-items.ts';
import { columnItems } from './column-rules.ts';
import { contrastItems } from './contrast-rule.ts';
import { sizeItem, weighEmail, type EmailWeight } from './email-weight.ts';
import { fieldItems } from './field-rules.ts';
import { altTextItems, imageWeightItems, type ImageFactsLookup } from './image-rules.ts';
import { deadLinkItems, linkTokenItems } from './link-rules.ts';

export interface CheckedTemplate {
  design: DesignInput;
  subject: string;
  preheader: string;
  language: TemplateLanguage;
}

export interface EditorChecks {
  items: EditorCheckItem[];
  weight: EmailWeight;
}

const noFacts: ImageFactsLookup = () => undefined;

/**
 * `sizeBytes` is the size the meter shows (the as-sent estimate); without one, the email's own
 * weight. An invalid design (mid-edit it cannot be, but a hand-built one could) checks nothing.
 */
export function checkTemplate(
  template: CheckedTemplate,
  options: { images?: ImageFactsLookup; sizeBytes?: (weight: EmailWeight) => number } = {},
): EditorChecks {
  const parsed = parseDesign(template.design);
  if (!parsed.ok) return { items: fieldItems(template), weight: { bytes: 0, blocks: [] } };
  const design = parsed.design;
  const names = blockNames(design);
  const leaves = namedLeaves(design).filter((leaf) => !leaf.block.hideInEmail);
  const weight = weighEmail({ ...template, design }, names);
  const size = sizeItem(options.sizeBytes?.(weight) ?? weight.bytes, weight);
  const order = new Map([...names.keys()].map((id, index) => [id, index]));
  const blockItems = [
    ...(size ? [size] : []),
    ...deadLinkItems(design, names),
    ...linkTokenItems(leaves),
    ...altTextItems(design, names),
    ...imageWeightItems(leaves, design, options.images ?? noFacts),
    ...contrastItems(leaves, design.global),
    ...columnItems(design, names),
  ];
  const place = (item: EditorCheckItem) =>
    item.target.kind === 'block' ? (order.get(item.target.blockId) ?? Infinity) : -1;
  const items = [...fieldItems(template), ...blockItems].sort(
    (a, b) => (a.level === b.level ? 0 : a.level === 'fail' ? -1 : 1) || place(a) - place(b),
  );
  return { items, weight };
}
