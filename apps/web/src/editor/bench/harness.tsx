// A page with only the editor, on a 200-block design, for `npm run bench` (bench/editor). It
// exposes one function that times edits: from typing into the selected text block's inspector to
// the canvas showing the new text (DOM updated and laid out), and to the next painted frame.
import { createRoot } from 'react-dom/client';
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
      <TemplateEditor
        templateId={null}
        initialDesign={design}
        initialFields={{
          name: 'Bench',
          subject: 'Bench',
          sendConditions: { enabled: false, startDate: '', endDate: '' },
        }}
        conditionalAvailable={false}
      />
    </MemoryRouter>
  </QueryClientProvider>,
);

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;

window.editorBench = {
  blockCount: BLOCKS,
  async run(edits) {
    const frame = document.querySelector<HTMLElement>(`[data-block-id="${TARGET}"]`);
    if (!frame) throw new Error('target block missing');
    frame.click();
    await nextFrame();
    const textarea = document.querySelector<HTMLTextAreaElement>('[data-inspector] textarea');
    if (!textarea) throw new Error('inspector textarea missing');
    const results: Array<[number, number]> = [];
    let text = textarea.value;
    for (let i = 0; i < edits; i += 1) {
      text += String.fromCharCode(97 + (i % 26));
      const expected = text;
      const start = performance.now();
      setValue.call(textarea, expected);
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
      // React commits a discrete input update before the event returns; wait for it if not.
      while (!frame.textContent?.includes(expected)) await new Promise((r) => setTimeout(r, 0));
      frame.getBoundingClientRect();
      const toDom = performance.now() - start;
      await nextFrame();
      results.push([toDom, performance.now() - start]);
    }
    return results;
  },
};
