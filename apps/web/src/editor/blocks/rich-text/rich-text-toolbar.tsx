// The formatting toolbar (spec section 2, "Rich-text editor"): font, size, bold, italic, underline,
// link, text colour and image. It acts on the heading or text block being edited. While none is, it
// waits above the canvas, disabled; while one is, it floats just above the lines being typed (below
// them when there is no room: use-floating-toolbar.ts), never over them, and its place above the
// canvas keeps its height, so the canvas never jumps when a block is selected.
import { useLayoutEffect, useRef } from 'react';
import { Bold, Image, Italic, Link, Underline } from 'lucide-react';
import { useActiveRichText, useRichTextState } from './active-rich-text.ts';
import { ImageDialog } from './image-dialog.tsx';
import { LinkDialog } from './link-dialog.tsx';
import { TextColourControl } from './text-colour-control.tsx';
import { ToolbarButton, onToolbarKeyDown } from './toolbar-controls.tsx';
import { FontSelect, FontSizeSelect } from './toolbar-font-selects.tsx';
import { NO_FORMATTING, formattingOf, sameFormatting } from './toolbar-formatting.ts';
import { useToolbarDialogs } from './use-toolbar-dialogs.ts';
import { useFloatingToolbar } from './use-floating-toolbar.ts';

export function RichTextToolbar() {
  const active = useActiveRichText();
  const editor = active?.editor ?? null;
  const state = useRichTextState(editor, formattingOf, NO_FORMATTING, sameFormatting);
  const { dialog, linkButton, imageButton, toggle, close, applyLink, insertImage } =
    useToolbarDialogs(active);
  const disabled = !active;
  const floating = useFloatingToolbar(editor);
  // The toolbar's height in its place, measured while it sits there, kept while it floats.
  const place = useRef<HTMLDivElement>(null);
  const placeHeight = useRef(0);
  useLayoutEffect(() => {
    const node = place.current;
    if (!node) return;
    if (disabled) {
      node.style.minHeight = '';
      // The height cap is the floating toolbar's alone.
      node
        .querySelector<HTMLElement>('[data-testid="text-toolbar"]')
        ?.style.removeProperty('max-height');
      placeHeight.current = node.offsetHeight;
    } else {
      node.style.minHeight = `${placeHeight.current}px`;
    }
  });

  // Selects and the colour input take the focus; take the text's selection as it was shown.
  const keepSelection = () => active?.syncSelectionFromDom();
  const style = (burst: 'format' | 'color', patch: Record<string, string | null>) =>
    active?.change(burst, (e) => e.chain().setTextStyle(patch).run());

  return (
    <div ref={place} data-testid="text-toolbar-place" className="mb-2 flex flex-col">
      {disabled ? null : (
        <p className="flex flex-1 items-center rounded-xl border border-dashed border-slate-200 px-3 py-2 text-xs text-slate-500">
          The text tools sit just above the line you are typing.
        </p>
      )}
      <div
        data-keep-selection
        data-testid="text-toolbar"
        data-floating={disabled ? undefined : floating.placement}
        ref={disabled ? undefined : floating.setFloating}
        style={disabled ? undefined : floating.floatingStyles}
        className={`rounded-xl border border-slate-200 bg-white/95 p-1.5 shadow-sm backdrop-blur ${
          disabled ? '' : 'z-20 w-max max-w-[min(40rem,calc(100vw-1rem))] overflow-y-auto shadow-lg'
        }`}
      >
        <div
          role="toolbar"
          aria-label="Text formatting"
          aria-disabled={disabled || undefined}
          title={disabled ? 'Select a heading or text block to format its words' : undefined}
          onKeyDown={onToolbarKeyDown}
          className="flex flex-wrap items-center gap-1"
        >
          <FontSelect
            value={state.fontFamily}
            disabled={disabled}
            onFocus={keepSelection}
            onChange={(fontFamily) => style('format', { fontFamily })}
          />
          <FontSizeSelect
            value={state.fontSize}
            disabled={disabled}
            onFocus={keepSelection}
            onChange={(fontSize) => style('format', { fontSize })}
          />
          <span aria-hidden="true" className="mx-0.5 h-6 w-px bg-slate-200" />
          <ToolbarButton
            label="Bold"
            shortcut="Ctrl+B"
            pressed={state.bold}
            disabled={disabled}
            onClick={() => active?.change('format', (e) => e.chain().focus().toggleBold().run())}
          >
            <Bold aria-hidden="true" className="size-4" strokeWidth={2.5} />
          </ToolbarButton>
          <ToolbarButton
            label="Italic"
            shortcut="Ctrl+I"
            pressed={state.italic}
            disabled={disabled}
            onClick={() => active?.change('format', (e) => e.chain().focus().toggleItalic().run())}
          >
            <Italic aria-hidden="true" className="size-4" />
          </ToolbarButton>
          <ToolbarButton
            label="Underline"
            shortcut="Ctrl+U"
            pressed={state.underline}
            disabled={disabled}
            onClick={() =>
              active?.change('format', (e) => e.chain().focus().toggleUnderline().run())
            }
          >
            <Underline aria-hidden="true" className="size-4" />
          </ToolbarButton>
          <ToolbarButton
            ref={linkButton}
            label={state.link ? 'Edit link' : 'Link'}
            shortcut="Ctrl+K"
            title="Link (Ctrl+K)"
            aria-expanded={dialog === 'link'}
            pressed={state.link}
            disabled={disabled}
            onClick={() => toggle('link')}
          >
            <Link aria-hidden="true" className="size-4" />
          </ToolbarButton>
          <TextColourControl
            color={state.color}
            disabled={disabled}
            onFocus={keepSelection}
            onPick={(color) => style('color', { color })}
            onRemove={() => style('format', { color: null })}
          />
          <ToolbarButton
            ref={imageButton}
            label="Insert image"
            aria-expanded={dialog === 'image'}
            disabled={disabled}
            onClick={() => toggle('image')}
          >
            <Image aria-hidden="true" className="size-4" />
          </ToolbarButton>
        </div>
        {active && dialog === 'link' ? (
          <LinkDialog
            initialHref={String(active.editor.getAttributes('link').href ?? '')}
            hasLink={state.link}
            onApply={applyLink}
            onClose={close}
          />
        ) : null}
        {active && dialog === 'image' ? (
          <ImageDialog onInsert={(image) => insertImage(image, active)} onClose={close} />
        ) : null}
      </div>
    </div>
  );
}
