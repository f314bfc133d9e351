// A large design for measuring the editor: `count` blocks of every type, a columns block every
// twentieth position holding two items (counted in the total).
import { createBlock, designSchema, type Block, type Design } from '@thankly/email';

const CYCLE = ['heading', 'text', 'text', 'button', 'image', 'divider', 'spacer', 'text'] as const;

export function createBenchDesign(count: number): Design {
  const blocks: Block[] = [];
  let total = 0;
  for (let i = 0; total < count; i += 1) {
    if (i % 20 === 19 && count - total >= 3) {
      const columns = createBlock('columns', `cols${i}`);
      columns.columns[0]!.items = [createBlock('text', `cols${i}-a`)];
      columns.columns[1]!.items = [createBlock('button', `cols${i}-b`)];
      blocks.push(columns);
      total += 3;
      continue;
    }
    const type = CYCLE[i % CYCLE.length]!;
    const block = createBlock(type, `b${i}`) as Block;
    if (block.type === 'text')
      block.content = `Paragraph ${i}: thank you for shopping with [shop-name].`;
    if (block.type === 'image') block.src = `data:image/gif;base64,R0lGODlhAQABAAAAACw=`;
    blocks.push(block);
    total += 1;
  }
  // Beyond the saved-template limit on purpose: the editor must stay fast past it. Parsed without
  // the design-level block count check, which only guards what the server stores.
  return { global: designSchema.parse({}).global, blocks };
}
