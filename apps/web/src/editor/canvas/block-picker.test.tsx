import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBlock, designSchema } from '@thankly/email';
import { createEditorStore, type EditorStore } from '../store/editor-store.ts';
import { EditorStoreContext } from '../store/use-editor.ts';
import { BlockPicker } from './block-picker.tsx';

afterEach(cleanup);

function renderPicker() {
  const store: EditorStore = createEditorStore(
    designSchema.parse({ blocks: [createBlock('heading', 'h1'), createBlock('text', 'last')] }),
  );
  render(
    <EditorStoreContext value={store}>
      {/* The canvas's preview frame clips whatever overflows it. */}
      <div data-testid="clipping-frame" style={{ overflow: 'hidden', height: 40 }}>
        <BlockPicker at={{ targetId: 'last', position: 'below' }} label="Add block below Text" />
      </div>
      <button type="button">After the canvas</button>
    </EditorStoreContext>,
  );
  const trigger = screen.getByRole('button', { name: 'Add block below Text' });
  return { store, trigger, user: userEvent.setup() };
}

const types = (store: EditorStore) => store.getState().design.blocks.map((b) => b.type);

describe('block picker', () => {
  it('opens its menu outside the clipping canvas and inserts the last item below the block', async () => {
    const { store, trigger, user } = renderPicker();
    await user.click(trigger);
    const menu = screen.getByRole('menu', { name: 'Block types' });
    expect(screen.getByTestId('clipping-frame').contains(menu)).toBe(false);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(menu.id);
    // Clicks in the menu keep the block selected (the editor deselects on other clicks).
    expect(menu.closest('[data-keep-selection]')).toBe(menu);
    const items = within(menu).getAllByRole('menuitem');
    expect(document.activeElement).toBe(items[0]);

    await user.click(items[items.length - 1]!);
    expect(types(store)).toEqual(['heading', 'text', 'columns']);
    expect(store.getState().selectedId).toBe(store.getState().design.blocks[2]!.id);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('moves through the items with the arrows, Home and End, and Escape returns to the button', async () => {
    const { trigger, user } = renderPicker();
    await user.click(trigger);
    const items = screen.getAllByRole('menuitem');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items[items.length - 1]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{End}');
    expect(document.activeElement).toHaveProperty('textContent', 'Columns');
    await user.keyboard('{Home}');
    expect(document.activeElement).toHaveProperty('textContent', 'Heading');

    let escapeReachedEditor = false;
    const onKeyDown = (e: KeyboardEvent) => {
      escapeReachedEditor = e.key === 'Escape' && !e.defaultPrevented;
    };
    document.addEventListener('keydown', onKeyDown);
    await user.keyboard('{Escape}');
    document.removeEventListener('keydown', onKeyDown);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    // The editor's own Escape (deselect the block) must not run as well.
    expect(escapeReachedEditor).toBe(false);
  });

  it('Tab closes the menu and carries on from the button, not from the end of the page', async () => {
    const { trigger, user } = renderPicker();
    await user.click(trigger);
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After the canvas' }));
  });

  it('closes on a press outside, not on a press inside the menu', async () => {
    const { store, trigger, user } = renderPicker();
    await user.click(trigger);
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('menu') });
    await user.pointer({ keys: '[/MouseLeft]' });
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'After the canvas' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(types(store)).toEqual(['heading', 'text']);
  });
});
