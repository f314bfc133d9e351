import type { Block, GlobalStyle } from '@thankly/email';
import type { ListRef } from '../model/tree.ts';
import { BlockFrame } from './block-frame.tsx';

/** An ordered list of blocks: the canvas itself or one column. */
export function BlockList({
  blocks,
  list,
  global,
}: {
  blocks: readonly Block[];
  list: ListRef;
  global: GlobalStyle;
}) {
  return (
    <>
      {blocks.map((block, index) => (
        <BlockFrame
          key={block.id}
          block={block}
          global={global}
          list={list}
          index={index}
          count={blocks.length}
        />
      ))}
    </>
  );
}
