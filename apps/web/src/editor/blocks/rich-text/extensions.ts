// The rich-text schema: what a heading or text block may hold, as Tiptap extensions. It mirrors the
// section 5 allow-list: paragraphs and line breaks, bold, italic, underline, links, one text-style
// mark (font, size, colour), inline images, lists in text blocks, and tokens as atoms.
import { Extension, Mark, Node, type AnyExtension } from '@tiptap/core';
import {
  Plugin,
  PluginKey,
  TextSelection,
  type EditorState,
  type Transaction,
} from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { StarterKit } from '@tiptap/starter-kit';
import { isAllowedHref } from './link-url.ts';
import { paintTokenChip } from '../../tokens/token-display.ts';
import { getTokenView, subscribeTokenView } from '../../tokens/token-view.ts';
import { findTokens } from './token-text.ts';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    textStyle: {
      /** Sets some of font family, size and colour; null removes one. Empty marks are dropped. */
      setTextStyle: (patch: TextStyleAttrs) => ReturnType;
    };
  }
}

export interface TextStyleAttrs {
  fontFamily?: string | null;
  fontSize?: string | null;
  color?: string | null;
}

const STYLE_KEYS = ['fontFamily', 'fontSize', 'color'] as const;
const isEmptyStyle = (attrs: Record<string, unknown>) => STYLE_KEYS.every((key) => !attrs[key]);

/**
 * The declarations of an element's style attribute as written. Read from the attribute rather than
 * `el.style`, which rewrites colours to rgb() and quotes to double quotes, so a font stack from the
 * editor's list stays the same string after a save and a reload.
 */
function styleOf(el: HTMLElement): Record<string, string> {
  const style: Record<string, string> = {};
  for (const declaration of (el.getAttribute('style') ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) {
      style[declaration.slice(0, colon).trim().toLowerCase()] = declaration.slice(colon + 1).trim();
    }
  }
  return style;
}

/** One <span style> mark for font family, size and colour, as the email's allow-list writes them. */
export const TextStyle = Mark.create({
  name: 'textStyle',
  priority: 101,
  addAttributes() {
    const fromStyle = (property: string) => ({
      default: null,
      parseHTML: (el: HTMLElement) => styleOf(el)[property] ?? null,
      renderHTML: () => ({}),
    });
    return {
      fontFamily: fromStyle('font-family'),
      fontSize: fromStyle('font-size'),
      color: fromStyle('color'),
    };
  },
  parseHTML() {
    return [
      {
        tag: 'span',
        getAttrs: (el) => {
          const style = styleOf(el as HTMLElement);
          return style['font-family'] || style['font-size'] || style.color ? {} : false;
        },
      },
    ];
  },
  renderHTML({ mark }) {
    const style = [
      mark.attrs.fontFamily ? `font-family:${String(mark.attrs.fontFamily)}` : '',
      mark.attrs.fontSize ? `font-size:${String(mark.attrs.fontSize)}` : '',
      mark.attrs.color ? `color:${String(mark.attrs.color)}` : '',
    ]
      .filter(Boolean)
      .join(';');
    return ['span', style ? { style } : {}, 0];
  },
  addCommands() {
    return {
      setTextStyle:
        (patch) =>
        ({ chain }) =>
          chain()
            .setMark(this.name, patch)
            .command(({ tr }) => {
              const type = this.type;
              const stored = tr.storedMarks && type.isInSet(tr.storedMarks);
              if (stored && isEmptyStyle(stored.attrs)) tr.removeStoredMark(type);
              tr.doc.descendants((node, pos) => {
                const mark = type.isInSet(node.marks);
                if (mark && isEmptyStyle(mark.attrs)) tr.removeMark(pos, pos + node.nodeSize, mark);
              });
              return true;
            })
            .run(),
    };
  },
});

/** A token ([shop-name], [customer-first-name|there]) as one unit: typed, pasted or inserted. */
export const Token = Node.create({
  name: 'token',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return { text: { default: '' } };
  },
  parseHTML() {
    return [
      { tag: 'span[data-token]', getAttrs: (el) => ({ text: el.getAttribute('data-token') }) },
    ];
  },
  renderHTML({ node }) {
    const text = String(node.attrs.text);
    return [
      'span',
      {
        'data-token': text,
        class: 'rt-token',
        contenteditable: 'false',
        title: 'Filled in for each order',
      },
      text,
    ];
  },
  renderText: ({ node }) => String(node.attrs.text),
  // On screen the chip reads as its label or the chosen order's value (tokens/token-view.ts); the
  // document, the saved html and the clipboard keep the token as written (renderHTML, renderText).
  addNodeView() {
    return ({ node }) => {
      const text = String(node.attrs.text);
      const dom = document.createElement('span');
      dom.className = 'rt-token';
      dom.dataset.token = text;
      dom.contentEditable = 'false';
      const paint = () => paintTokenChip(dom, text, getTokenView());
      paint();
      const unsubscribe = subscribeTokenView(paint);
      return { dom, destroy: unsubscribe, ignoreMutation: () => true };
    };
  },
});

/** A small picture inside the line (spec section 4); larger ones become image blocks. */
export const InlineImage = Node.create({
  name: 'image',
  group: 'inline',
  inline: true,
  atom: true,
  draggable: false,
  addAttributes() {
    const number = (name: string) => ({
      default: null,
      parseHTML: (el: HTMLElement) => {
        const value = Number(el.getAttribute(name));
        return Number.isInteger(value) && value > 0 ? value : null;
      },
    });
    return {
      src: { default: '' },
      alt: { default: '' },
      width: number('width'),
      height: number('height'),
    };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ node }) {
    const attrs: Record<string, string> = {
      src: String(node.attrs.src),
      alt: String(node.attrs.alt ?? ''),
      style: 'vertical-align:middle;display:inline',
    };
    if (node.attrs.width) attrs.width = String(node.attrs.width);
    if (node.attrs.height) attrs.height = String(node.attrs.height);
    return ['img', attrs];
  },
  renderText: ({ node }) => String(node.attrs.alt ?? ''),
});

/** Turns every known token written as text into a token node, keeping the text's marks. */
export function tokenizeTransaction(state: EditorState): Transaction | null {
  const type = state.schema.nodes.token;
  if (!type) return null;
  const found: { from: number; to: number; text: string; node: typeof state.doc }[] = [];
  state.doc.descendants((node, pos) => {
    if (!node.isText || !node.text || !node.text.includes('[')) return;
    for (const match of findTokens(node.text)) {
      found.push({ from: pos + match.start, to: pos + match.end, text: match.text, node });
    }
  });
  if (found.length === 0) return null;
  const tr = state.tr;
  for (const { from, to, text, node } of found.reverse()) {
    tr.replaceWith(from, to, type.create({ text }, null, node.marks));
  }
  return tr;
}

const tokenizerKey = new PluginKey('tokenizer');

/** Runs the tokenizer after every change, whatever made it (typing, paste, load, undo). */
const Tokenizer = Extension.create({
  name: 'tokenizer',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: tokenizerKey,
        appendTransaction: (transactions, _old, state) =>
          transactions.some((tr) => tr.docChanged) ? tokenizeTransaction(state) : null,
      }),
    ];
  },
});

/**
 * Makes the editor's selection what the browser shows. ProseMirror reads a selection change on the
 * next 'selectionchange' event; a shortcut pressed right after Shift+Arrow can arrive first, and a
 * dialog that then takes the focus would act on the selection before it.
 */
export function syncSelectionFromDom(view: EditorView): void {
  const selection = view.dom.ownerDocument.getSelection();
  const { anchorNode, focusNode } = selection ?? {};
  if (!selection || !anchorNode || !focusNode) return;
  if (!view.dom.contains(anchorNode) || !view.dom.contains(focusNode)) return;
  try {
    const anchor = view.posAtDOM(anchorNode, selection.anchorOffset);
    const head = view.posAtDOM(focusNode, selection.focusOffset);
    const { doc } = view.state;
    if (view.state.selection.anchor === anchor && view.state.selection.head === head) return;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(doc, anchor, head)));
  } catch {
    // A position ProseMirror cannot map (inside a token chip): keep its own selection.
  }
}

export interface RichTextExtensionOptions {
  /** Text blocks hold paragraphs and lists; a heading is one line. */
  multiline: boolean;
  /** Ctrl/Cmd+K. */
  onLinkShortcut: () => void;
}

export function createRichTextExtensions({
  multiline,
  onLinkShortcut,
}: RichTextExtensionOptions): AnyExtension[] {
  const doc = Node.create({
    name: 'doc',
    topNode: true,
    content: multiline ? 'block+' : 'paragraph',
  });
  const lists = multiline
    ? {}
    : ({ bulletList: false, orderedList: false, listItem: false, listKeymap: false } as const);
  return [
    doc,
    StarterKit.configure({
      document: false,
      // Undo and redo are the editor store's: one history for every design change.
      undoRedo: false,
      blockquote: false,
      code: false,
      codeBlock: false,
      heading: false,
      horizontalRule: false,
      strike: false,
      trailingNode: false,
      ...lists,
      link: {
        openOnClick: false,
        autolink: false,
        linkOnPaste: false,
        defaultProtocol: 'https',
        isAllowedUri: (url) => isAllowedHref(url),
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
      },
    }),
    TextStyle,
    Token,
    InlineImage,
    Tokenizer,
    Extension.create({
      name: 'linkShortcut',
      addKeyboardShortcuts: () => ({
        'Mod-k': ({ editor }) => {
          syncSelectionFromDom(editor.view);
          onLinkShortcut();
          return true;
        },
      }),
    }),
  ];
}
