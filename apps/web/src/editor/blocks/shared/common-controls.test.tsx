// "Show this block in: email / printed card / marketplace message": every block's inspector has
// it, each block shows everywhere until the seller unticks one, and each click is one undo step.
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { blockTypes, createBlock, designSchema, type Block, type BlockType } from '@thankly/email';
import { findBlock } from '../../model/tree.ts';
import { createEditorStore } from '../../store/editor-store.ts';
import { EditorStoreContext, useEditor } from '../../store/use-editor.ts';
import { editorBlockOf } from '../registry.ts';

afterEach(cleanup);

function checkbox(name = 'Printed card'): HTMLInputElement {
  return screen.getByRole<HTMLInputElement>('checkbox', { name });
}

/** The inspector of block `id` in `blocks`, kept in step with the store as the real one is. */
function renderInspector(blocks: Block[], id: string) {
  const store = createEditorStore(designSchema.parse({ blocks }));
  function Live() {
    const block = useEditor((s) => findBlock(s.design, id)?.block ?? null);
    if (!block) return null;
    const { Inspector } = editorBlockOf(block.type);
    return <Inspector block={block} />;
  }
  // The image inspector's upload field reads the media library through react-query.
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EditorStoreContext value={store}>
        <Live />
      </EditorStoreContext>
    </QueryClientProvider>,
  );
  const block = () => findBlock(store.getState().design, id)?.block;
  return { store, block, user: userEvent.setup() };
}

describe('show this block in', () => {
  it.each(blockTypes)(
    'is offered for a %s block, every channel ticked, with the hint',
    (type: BlockType) => {
      renderInspector([createBlock(type, 'b1')], 'b1');
      const group = screen.getByRole('group', { name: 'Show this block in' });
      expect(group).toBeTruthy();
      for (const name of ['Email', 'Printed card', 'Marketplace message'])
        expect(checkbox(name).checked).toBe(true);
      const hint = document.getElementById(checkbox().getAttribute('aria-describedby') ?? '');
      expect(hint?.textContent).toBe(
        'Printed cards show buttons as a QR code; leave off what makes no sense on paper.',
      );
    },
  );

  it('sets hideOnCard on the block as one undoable change, even inside a column', async () => {
    const row = createBlock('columns', 'row');
    const nested = {
      ...row,
      columns: [{ ...row.columns[0]!, items: [createBlock('text', 'inner')] }, row.columns[1]!],
    } as Block;
    const { store, block, user } = renderInspector([nested], 'inner');

    await user.click(checkbox());
    expect(block()?.hideOnCard).toBe(true);
    expect(checkbox().checked).toBe(false);
    expect(store.getState().past).toHaveLength(1);

    // Ticked again at once: a second step of its own, and the field is gone again.
    await user.click(checkbox());
    expect(block()?.hideOnCard).toBeUndefined();
    expect(JSON.stringify(block())).not.toContain('hideOnCard');
    expect(store.getState().past).toHaveLength(2);

    store.undo();
    expect(block()?.hideOnCard).toBe(true);
    store.undo();
    expect(block()?.hideOnCard).toBeUndefined();
    expect(checkbox().checked).toBe(true);
  });

  it('leaves a block out of the email or the message, each on its own', async () => {
    const { block, user } = renderInspector([createBlock('text', 'b1')], 'b1');
    await user.click(checkbox('Marketplace message'));
    expect(block()).toMatchObject({ hideInMessage: true });
    expect(block()?.hideInEmail).toBeUndefined();
    expect(block()?.hideOnCard).toBeUndefined();
    await user.click(checkbox('Email'));
    expect(block()).toMatchObject({ hideInMessage: true, hideInEmail: true });
    expect(checkbox('Printed card').checked).toBe(true);
  });
});
