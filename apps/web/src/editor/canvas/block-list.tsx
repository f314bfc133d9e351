import { Fragment } from 'react';
import type { Block, GlobalStyle } from '@thankly/email';
import type { ListRef } from '../model/tree.ts';
import { BlockFrame, blockName } from './block-frame.tsx';
import { InsertionPoint } from './insertion-point.tsx';

/**
 * An ordered list of blocks: the canvas itself or one column, with an insertion point before the
 * first block, between every two and after the last.
 */
export function BlockList({
  blocks,
  list,
  global,
}: {
  blocks: readonly Block[];
  list: ListRef;
  global: GlobalStyle;
}) {
  const allowColumns = list.kind !== 'column';
  const first = blocks[0];
  return (
    <>
      {first ? (
        <InsertionPoint
          targetId={first.id}
          position="above"
          label={`Add a block before ${blockName(first, 0)}`}
          allowColumns={allowColumns}
          edge="top"
        />
      ) : null}
      {blocks.map((block, index) => (
        <Fragment key={block.id}>
          <BlockFrame block={block} global={global} index={index} count={blocks.length} />
          <InsertionPoint
            targetId={block.id}
            position="below"
            label={`Add a block after ${blockName(block, index)}`}
            allowColumns={allowColumns}
            edge={index === blocks.length - 1 ? 'bottom' : undefined}
          />
        </Fragment>
      ))}
    </>
  );
}
