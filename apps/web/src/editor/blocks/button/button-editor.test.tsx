// The Button inspector names each control once (issue 14: two controls were both called "Width").
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBlock, designSchema } from '@thankly/email';
import { createEditorStore } from '../../store/editor-store.ts';
import { EditorStoreContext, useEditor } from '../../store/use-editor.ts';
import { buttonEditor } from './button-editor.tsx';

afterEach(cleanup);

function renderInspector() {
  const store = createEditorStore(designSchema.parse({ blocks: [createBlock('button', 'b1')] }));
  const Inspector = buttonEditor.Inspector;
  function Live() {
    const block = useEditor((s) => s.design.blocks[0]);
    return block?.type === 'button' ? <Inspector block={block} /> : null;
  }
  render(
    <EditorStoreContext value={store}>
      <Live />
    </EditorStoreContext>,
  );
  const button = () => {
    const block = store.getState().design.blocks[0];
    if (block?.type !== 'button') throw new Error('no button');
    return block;
  };
  return { button, user: userEvent.setup() };
}

/** Every accessible name of a labelled control (inputs by their label, groups by aria-label). */
function controlNames(root: HTMLElement): string[] {
  const labels = [...root.querySelectorAll('label')].map((l) => l.textContent?.trim() ?? '');
  const groups = [...root.querySelectorAll('[role="group"][aria-label]')].map(
    (g) => g.getAttribute('aria-label') ?? '',
  );
  return [...labels, ...groups].filter(Boolean);
}

describe('button inspector', () => {
  it("tells the block's width from the button's width", async () => {
    const { button, user } = renderInspector();
    const blockWidth = screen.getByLabelText('Block width');
    expect(blockWidth.getAttribute('type')).toBe('range');
    const buttonWidth = screen.getByRole('group', { name: 'Button width' });
    await user.click(within(buttonWidth).getByRole('button', { name: 'Full width' }));
    expect(button().width).toBe('full');
    expect(button().widthPct).toBe(100);
    expect(screen.queryByLabelText('Width', { exact: true })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Width' })).toBeNull();
  });

  it('uses no name twice', () => {
    renderInspector();
    const names = controlNames(document.body);
    expect(names.length).toBeGreaterThan(8);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });
});
