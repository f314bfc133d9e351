// The row above the canvas: preview width, colour scheme, Editor or Preview HTML, undo and redo,
// and on narrow screens the button that opens the inspector.
import { Button } from '../components/ui/index.ts';
import { Segmented } from '../components/ui/segmented.tsx';
import type { Device, Theme, ViewMode } from './preview/preview-modes.ts';
import { TokenViewControls } from './tokens/token-view-controls.tsx';
import { selectCanRedo, selectCanUndo, useEditor, useEditorActions } from './store/use-editor.ts';

const DEVICES = [
  { value: 'desktop', label: 'Desktop' },
  { value: 'mobile', label: 'Mobile' },
] as const;
const THEMES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const;
const VIEWS = [
  { value: 'editor', label: 'Editor' },
  { value: 'html', label: 'Preview HTML' },
] as const;

export interface EditorModes {
  device: Device;
  theme: Theme;
  mode: ViewMode;
}

function UndoRedo() {
  const canUndo = useEditor(selectCanUndo);
  const canRedo = useEditor(selectCanRedo);
  const actions = useEditorActions();
  return (
    <div className="inline-flex gap-1" data-keep-selection>
      <Button
        variant="secondary"
        size="sm"
        onClick={actions.undo}
        disabled={!canUndo}
        title="Undo (Ctrl/Cmd+Z)"
      >
        Undo
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={actions.redo}
        disabled={!canRedo}
        title="Redo (Shift+Ctrl/Cmd+Z)"
      >
        Redo
      </Button>
    </div>
  );
}

export function EditorModesToolbar({
  modes,
  onChange,
  inspectorId,
  showInspector,
  onToggleInspector,
}: {
  modes: EditorModes;
  onChange: (patch: Partial<EditorModes>) => void;
  inspectorId: string;
  showInspector: boolean;
  onToggleInspector: () => void;
}) {
  return (
    <div
      className="mt-5 flex flex-wrap items-center gap-2"
      role="toolbar"
      aria-label="Editor modes"
    >
      <Segmented
        label="Preview width"
        labelVisible={false}
        value={modes.device}
        options={DEVICES}
        onChange={(device) => onChange({ device })}
      />
      <Segmented
        label="Color scheme"
        labelVisible={false}
        value={modes.theme}
        options={THEMES}
        onChange={(theme) => onChange({ theme })}
      />
      <Segmented
        label="View"
        labelVisible={false}
        value={modes.mode}
        options={VIEWS}
        onChange={(mode) => onChange({ mode })}
      />
      <TokenViewControls />
      <UndoRedo />
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={showInspector}
        aria-controls={inspectorId}
        onClick={onToggleInspector}
        className="lg:hidden"
        data-keep-selection
      >
        {showInspector ? 'Hide inspector' : 'Show inspector'}
      </Button>
    </div>
  );
}
