// A page with only the editor, on a 200-block design, for `npm run bench` (bench/editor). It
// exposes one function that times edits: from a keystroke in the selected text block's rich-text
// editor on the canvas, through the store (serialise, sanitise, record) and React's commit, to the
// laid-out canvas, and to the next painted frame.
import { createRoot } from 'react-dom/client';
import type { Editor } from '@tiptap/core';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TemplateEditor } from '../template-editor.tsx';
import { createBenchDesign } from './bench-design.ts';
import '../../index.css';

declare global {
  interface Window {
    editorBench: {
      blockCount: number;
      /** Times `edits` keystroke-sized edits; each result is [toDom, toNextFrame] in ms. */
      run(edits: number): Promise<Array<[number, number]>>;
    };
  }
}

const BLOCKS = Number(new URLSearchParams(location.search).get('blocks') ?? 200);
const design = createBenchDesign(BLOCKS);
const TARGET = 'b97';

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>
      {/* Autosave runs as in the product (debounced, idle-time serialisation, a copy in
          IndexedDB); with no API behind the page its requests fail, off the keystroke path. */}
      <TemplateEditor
        templateId={null}
        draftKey="new"
        sellerId="bench"
        draftRevision={0}
        openedFrom={null}
        onDraftDiscarded={() => {}}
        onOpenNewerDraft={() => {}}
        initialDesign={design}
        initialFields={{
          name: 'Bench',
          subject: 'Bench',
          preheader: '',
          language: 'en',
          sendConditions: { enabled: false, startDate: '', endDate: '' },
        }}
        conditionalAvailable={false}
      />
    </MemoryRouter>
  </QueryClientProvider>,
);

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * The selected block's Tiptap editor, once its engine has loaded (the editor loads it on first
 * use): Tiptap hangs its editor on the editable element. Timed edits start after, as a seller's do.
 */
async function richTextEditorIn(frame: HTMLElement): Promise<Editor> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const dom = frame.querySelector<HTMLElement & { editor?: Editor }>('[data-rich-text]');
    if (dom?.editor) return dom.editor;
    if (performance.now() > deadline) throw new Error('rich-text editor missing');
    await nextFrame();
  }
}

window.editorBench = {
  blockCount: BLOCKS,
  async run(edits) {
    const frame = document.querySelector<HTMLElement>(`[data-block-id="${TARGET}"]`);
    if (!frame) throw new Error('target block missing');
    frame.click();
    const editor = await richTextEditorIn(frame);
    editor.commands.focus('end');
    const results: Array<[number, number]> = [];
    for (let i = 0; i < edits; i += 1) {
      const start = performance.now();
      // What a keystroke does: a text insertion at the cursor.
      editor.view.dispatch(editor.state.tr.insertText(String.fromCharCode(97 + (i % 26))));
      // The store update re-renders through useSyncExternalStore, flushed in a microtask.
      await Promise.resolve();
      await Promise.resolve();
      frame.getBoundingClientRect();
      const toDom = performance.now() - start;
      await nextFrame();
      results.push([toDom, performance.now() - start]);
    }
    return results;
  },
};
