// The formatting toolbar above the canvas (spec section 2, "Rich-text editor"): font, size, bold,
// italic, underline, link, text colour and image. It acts on the heading or text block being edited
// and stays in place, disabled, when none is, so the canvas never jumps when a block is selected.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Baseline, Bold, Image, Italic, Link, Underline, X } from 'lucide-react';
import type { Editor } from '@tiptap/core';
import { TEXT_FONT_SIZES, createBlock, type Block } from '@thankly/email';
import { fontOptions } from '../../../lib/font-options.ts';
import { useEditorActions } from '../../store/use-editor.ts';
import {
  setLinkShortcut,
  useActiveRichText,
  useRichTextState,
  type ActiveRichText,
} from './active-rich-text.ts';
import { ImageDialog, type ImageInput } from './image-dialog.tsx';
import { LinkDialog } from './link-dialog.tsx';
import { placeImage, pxOf } from './image-placement.ts';

const control =
  'focus-ring inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';
const pressedClass = 'bg-slate-900 text-white hover:bg-slate-800';
const selectClass =
  'focus-ring h-8 rounded-md border border-slate-300 bg-white px-1.5 text-sm text-slate-800 disabled:opacity-40';

const HEX = /^#[0-9a-f]{6}$/i;
const SIZE_OPTIONS = TEXT_FONT_SIZES.map((size) => `${size}px`);

interface Formatting {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  link: boolean;
  fontFamily: string;
  fontSize: string;
  color: string;
}

const NONE: Formatting = {
  bold: false,
  italic: false,
  underline: false,
  link: false,
  fontFamily: '',
  fontSize: '',
  color: '',
};

function formattingOf(e: Editor): Formatting {
  const textStyle = e.getAttributes('textStyle');
  return {
    bold: e.isActive('bold'),
    italic: e.isActive('italic'),
    underline: e.isActive('underline'),
    link: e.isActive('link'),
    fontFamily: String(textStyle.fontFamily ?? ''),
    fontSize: String(textStyle.fontSize ?? ''),
    color: String(textStyle.color ?? ''),
  };
}

function sameFormatting(a: Formatting, b: Formatting): boolean {
  return (Object.keys(a) as (keyof Formatting)[]).every((key) => a[key] === b[key]);
}

function ToggleButton({
  label,
  shortcut,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  shortcut: string;
  pressed: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-toolbar-item
      aria-label={label}
      aria-pressed={pressed}
      aria-keyshortcuts={shortcut.replace('Ctrl', 'Control')}
      title={`${label} (${shortcut})`}
      disabled={disabled}
      // Keep the focus (and the selection) in the text while clicking.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={`${control} ${pressed ? pressedClass : ''}`}
    >
      {children}
    </button>
  );
}

/** Left/Right arrows move between the toolbar's buttons (selects and inputs keep their keys). */
function onToolbarKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
  if (!(event.target instanceof HTMLButtonElement)) return;
  const items = [
    ...event.currentTarget.querySelectorAll<HTMLElement>('[data-toolbar-item]:not(:disabled)'),
  ];
  const index = items.indexOf(event.target);
  if (index < 0) return;
  event.preventDefault();
  const next = (index + (event.key === 'ArrowRight' ? 1 : -1) + items.length) % items.length;
  items[next]?.focus();
}

export function RichTextToolbar() {
  const active = useActiveRichText();
  const actions = useEditorActions();
  const editor = active?.editor ?? null;
  const state = useRichTextState(editor, formattingOf, NONE, sameFormatting);
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const linkButton = useRef<HTMLButtonElement>(null);
  const imageButton = useRef<HTMLButtonElement>(null);
  const disabled = !active;

  // A dialog belongs to the block it was opened for.
  const [dialogFor, setDialogFor] = useState(active?.blockId);
  if (dialogFor !== active?.blockId) {
    setDialogFor(active?.blockId);
    setDialog(null);
  }

  useEffect(() => {
    setLinkShortcut(() => setDialog('link'));
    return () => setLinkShortcut(null);
  }, []);

  function toggleDialog(which: 'link' | 'image') {
    active?.syncSelectionFromDom();
    setDialog(dialog === which ? null : which);
  }

  function closeDialog(returnTo: 'text' | 'button') {
    const button = dialog === 'link' ? linkButton.current : imageButton.current;
    setDialog(null);
    if (returnTo === 'text') active?.editor.commands.focus();
    else button?.focus();
  }

  function applyLink(href: string | null) {
    if (!active) return;
    active.change('format', (e) => {
      if (href === null) {
        e.chain().focus().extendMarkRange('link').unsetLink().run();
      } else if (e.state.selection.empty && !e.isActive('link')) {
        // Nothing selected: the address itself becomes the linked words.
        e.chain()
          .focus()
          .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
          .run();
      } else {
        e.chain().focus().extendMarkRange('link').setLink({ href }).run();
      }
    });
    setDialog(null);
  }

  function insertImage(image: ImageInput, on: ActiveRichText) {
    const fontSize = pxOf(on.editor.getAttributes('textStyle').fontSize) ?? on.baseFontSize;
    if (placeImage(image.width, fontSize) === 'inline') {
      on.change('insert', (e) =>
        e.chain().focus().insertContent({ type: 'image', attrs: image }).run(),
      );
      setDialog(null);
      return;
    }
    // A picture larger than the text: an image block of its own after this one, full width.
    const block: Block = {
      ...createBlock('image'),
      src: image.src,
      alt: image.alt,
      width: 'full',
    };
    setDialog(null);
    actions.insert(block, { targetId: on.blockId, position: 'below' });
  }

  const fonts = fontOptions(state.fontFamily);
  const sizeOptions =
    state.fontSize && !SIZE_OPTIONS.includes(state.fontSize)
      ? [...SIZE_OPTIONS, state.fontSize]
      : SIZE_OPTIONS;
  // Selects and the colour input take the focus; take the text's selection as it was shown.
  const keepSelection = () => active?.syncSelectionFromDom();
  const style = (burst: 'format' | 'color', patch: Record<string, string | null>) =>
    active?.change(burst, (e) => e.chain().setTextStyle(patch).run());

  return (
    <div
      data-keep-selection
      className="sticky top-16 z-20 mb-2 rounded-xl border border-slate-200 bg-white/95 p-1.5 shadow-sm backdrop-blur"
    >
      <div
        role="toolbar"
        aria-label="Text formatting"
        aria-disabled={disabled || undefined}
        title={disabled ? 'Select a heading or text block to format its words' : undefined}
        onKeyDown={onToolbarKeyDown}
        className="flex flex-wrap items-center gap-1"
      >
        <select
          aria-label="Font"
          data-toolbar-item
          disabled={disabled}
          onFocus={keepSelection}
          value={state.fontFamily}
          onChange={(e) => style('format', { fontFamily: e.target.value || null })}
          className={`${selectClass} w-36`}
        >
          <option value="">Default font</option>
          {fonts.map((font) => (
            <option key={font.value} value={font.value}>
              {font.label}
            </option>
          ))}
        </select>
        <select
          aria-label="Font size"
          data-toolbar-item
          disabled={disabled}
          onFocus={keepSelection}
          value={state.fontSize}
          onChange={(e) => style('format', { fontSize: e.target.value || null })}
          className={selectClass}
        >
          <option value="">Default size</option>
          {sizeOptions.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <span aria-hidden="true" className="mx-0.5 h-6 w-px bg-slate-200" />
        <ToggleButton
          label="Bold"
          shortcut="Ctrl+B"
          pressed={state.bold}
          disabled={disabled}
          onClick={() => active?.change('format', (e) => e.chain().focus().toggleBold().run())}
        >
          <Bold aria-hidden="true" className="size-4" strokeWidth={2.5} />
        </ToggleButton>
        <ToggleButton
          label="Italic"
          shortcut="Ctrl+I"
          pressed={state.italic}
          disabled={disabled}
          onClick={() => active?.change('format', (e) => e.chain().focus().toggleItalic().run())}
        >
          <Italic aria-hidden="true" className="size-4" />
        </ToggleButton>
        <ToggleButton
          label="Underline"
          shortcut="Ctrl+U"
          pressed={state.underline}
          disabled={disabled}
          onClick={() => active?.change('format', (e) => e.chain().focus().toggleUnderline().run())}
        >
          <Underline aria-hidden="true" className="size-4" />
        </ToggleButton>
        <button
          ref={linkButton}
          type="button"
          data-toolbar-item
          aria-label={state.link ? 'Edit link' : 'Link'}
          aria-keyshortcuts="Control+K"
          aria-expanded={dialog === 'link'}
          aria-pressed={state.link}
          title="Link (Ctrl+K)"
          disabled={disabled}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => toggleDialog('link')}
          className={`${control} ${state.link ? pressedClass : ''}`}
        >
          <Link aria-hidden="true" className="size-4" />
        </button>
        <label
          className={`${control} relative gap-1 ${disabled ? 'opacity-40' : 'cursor-pointer'}`}
          title="Text colour"
        >
          <Baseline aria-hidden="true" className="size-4" />
          <input
            type="color"
            aria-label="Text colour"
            data-toolbar-item
            disabled={disabled}
            onFocus={keepSelection}
            value={HEX.test(state.color) ? state.color.toLowerCase() : '#111111'}
            onChange={(e) => style('color', { color: e.target.value })}
            className="h-5 w-6 cursor-pointer rounded border border-slate-300 bg-white p-0"
          />
        </label>
        {state.color ? (
          <button
            type="button"
            data-toolbar-item
            aria-label="Remove text colour"
            title="Remove text colour"
            disabled={disabled}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => style('format', { color: null })}
            className={control}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
        <button
          ref={imageButton}
          type="button"
          data-toolbar-item
          aria-label="Insert image"
          aria-expanded={dialog === 'image'}
          title="Insert image"
          disabled={disabled}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => toggleDialog('image')}
          className={control}
        >
          <Image aria-hidden="true" className="size-4" />
        </button>
      </div>
      {active && dialog === 'link' ? (
        <LinkDialog
          initialHref={String(active.editor.getAttributes('link').href ?? '')}
          hasLink={state.link}
          onApply={applyLink}
          onClose={closeDialog}
        />
      ) : null}
      {active && dialog === 'image' ? (
        <ImageDialog onInsert={(image) => insertImage(image, active)} onClose={closeDialog} />
      ) : null}
    </div>
  );
}
