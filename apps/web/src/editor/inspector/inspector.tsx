// The inspector: Inspect (the selected block's settings) and Style (the global settings).
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { blockRegistry, type BlockDefinition } from '@thankly/email';
import { resetBlockToDefault } from '../model/commands.ts';
import { findBlock } from '../model/tree.ts';
import { editorBlockOf } from '../blocks/registry.ts';
import { useEditor, useEditorActions, useEditorBrand } from '../store/use-editor.ts';
import { FieldDensity } from '../../components/ui/index.ts';
import { GlobalStylePanel } from './global-style-panel.tsx';

type Tab = 'inspect' | 'style';
const TABS: { id: Tab; label: string }[] = [
  { id: 'inspect', label: 'Inspect' },
  { id: 'style', label: 'Style' },
];

function BlockSettings() {
  const block = useEditor((s) =>
    s.selectedId ? (findBlock(s.design, s.selectedId)?.block ?? null) : null,
  );
  const actions = useEditorActions();
  const brand = useEditorBrand();
  if (!block) {
    return (
      <p className="py-6 text-center text-sm text-slate-500">Select a block to edit its settings</p>
    );
  }
  const { Inspector } = editorBlockOf(block.type);
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{blockRegistry[block.type].label}</h3>
        {/* A block only the importer makes (locked HTML) has no default worth resetting to: it
            would empty the block. */}
        {(blockRegistry[block.type] as BlockDefinition).inPicker === false ? null : (
          <button
            type="button"
            onClick={() => actions.run(resetBlockToDefault, { id: block.id, brand })}
            className="focus-ring rounded border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
          >
            Reset to default
          </button>
        )}
      </div>
      <Inspector key={block.id} block={block} />
    </div>
  );
}

export function Inspector() {
  const [tab, setTab] = useState<Tab>('inspect');
  const selectedId = useEditor((s) => s.selectedId);
  const id = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ inspect: null, style: null });

  // Selecting a block shows its settings.
  const [shownFor, setShownFor] = useState(selectedId);
  if (shownFor !== selectedId) {
    setShownFor(selectedId);
    if (selectedId) setTab('inspect');
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next: Tab = tab === 'inspect' ? 'style' : 'inspect';
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <aside
      data-inspector
      aria-label="Inspector"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div
        role="tablist"
        aria-label="Inspector"
        className="flex border-b border-slate-200"
        onKeyDown={onKeyDown}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${t.id}-tab`}
            aria-selected={tab === t.id}
            aria-controls={`${id}-${t.id}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            className={`focus-ring flex-1 px-4 py-2.5 text-sm font-semibold ${
              tab === t.id
                ? 'border-b-2 border-brand-600 text-brand-700'
                : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-${tab}-panel`}
        aria-labelledby={`${id}-${tab}-tab`}
        className="max-h-[calc(100vh-8rem)] overflow-y-auto p-4"
      >
        <FieldDensity value="compact">
          {tab === 'inspect' ? <BlockSettings /> : <GlobalStylePanel />}
        </FieldDensity>
      </div>
    </aside>
  );
}
