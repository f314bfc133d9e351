// Which toolbar dialog is open (link or image), and what their answers do to the words. A dialog
// belongs to the block it was opened for: selecting another block closes it.
import { useEffect, useRef, useState } from 'react';
import { createBlock, type Block } from '@thankly/email';
import { useEditorActions } from '../../store/use-editor.ts';
import { setLinkShortcut, type ActiveRichText } from './active-rich-text.ts';
import type { ImageInput } from './image-dialog.tsx';
import { placeImage, pxOf } from './image-placement.ts';
import type { CloseTo } from './toolbar-dialog.tsx';

type Dialog = 'link' | 'image';

export function useToolbarDialogs(active: ActiveRichText | null) {
  const actions = useEditorActions();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const linkButton = useRef<HTMLButtonElement>(null);
  const imageButton = useRef<HTMLButtonElement>(null);

  const [dialogFor, setDialogFor] = useState(active?.blockId);
  if (dialogFor !== active?.blockId) {
    setDialogFor(active?.blockId);
    setDialog(null);
  }

  useEffect(() => {
    setLinkShortcut(() => setDialog('link'));
    return () => setLinkShortcut(null);
  }, []);

  function toggle(which: Dialog) {
    active?.syncSelectionFromDom();
    setDialog(dialog === which ? null : which);
  }

  function close(returnTo: CloseTo) {
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

  return { dialog, linkButton, imageButton, toggle, close, applyLink, insertImage };
}
