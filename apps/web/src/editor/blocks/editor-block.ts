import type { ComponentType } from 'react';
import type { BlockOfType, BlockType, GlobalStyle } from '@thankly/email';

export interface CanvasViewProps<B> {
  block: B;
  global: GlobalStyle;
}

/**
 * What the editor needs of one block type beyond its schema (which lives in packages/email): how it
 * looks on the canvas and its inspector panel. Label, defaults and picker order come from the
 * email package's registry.
 */
export interface EditorBlock<T extends BlockType> {
  Canvas: ComponentType<CanvasViewProps<BlockOfType<T>>>;
  Inspector: ComponentType<{ block: BlockOfType<T> }>;
}
