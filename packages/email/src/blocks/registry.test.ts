import { describe, expect, it } from 'vitest';
import { blockRegistry, blockSchema, blockTypes, createBlock } from './registry.ts';

describe('block registry', () => {
  it('lists the block types in picker order with their labels', () => {
    expect(blockTypes).toEqual([
      'heading',
      'text',
      'button',
      'image',
      'divider',
      'spacer',
      'columns',
    ]);
    expect(blockTypes.map((type) => blockRegistry[type].label)).toEqual([
      'Heading',
      'Text',
      'Button',
      'Image',
      'Divider',
      'Spacer',
      'Columns',
    ]);
  });

  it.each(blockTypes)(
    'creates a valid default %s block that survives a JSON round trip',
    (type) => {
      const block = createBlock(type);
      expect(block.type).toBe(type);
      expect(block.id).toMatch(/^b_[a-z0-9]{10}$/);
      expect(blockSchema.parse(JSON.parse(JSON.stringify(block)))).toEqual(block);
    },
  );

  it('keeps the id when resetting a block to its default', () => {
    expect(createBlock('button', 'keep-me')).toMatchObject({ id: 'keep-me', text: 'Click me' });
  });

  it('gives every new block a different id', () => {
    expect(createBlock('text').id).not.toBe(createBlock('text').id);
  });

  it('rejects unknown block types by name', () => {
    const result = blockSchema.safeParse({ id: 'x', type: 'video' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['type'],
      message: 'Unknown block type "video"',
    });
  });
});
