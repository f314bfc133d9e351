// What the toolbar shows of the words at the cursor: pressed marks, font, size and colour.
import type { Editor } from '@tiptap/core';

export interface Formatting {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  link: boolean;
  fontFamily: string;
  fontSize: string;
  color: string;
}

export const NO_FORMATTING: Formatting = {
  bold: false,
  italic: false,
  underline: false,
  link: false,
  fontFamily: '',
  fontSize: '',
  color: '',
};

export function formattingOf(e: Editor): Formatting {
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

/** Equal formatting keeps the toolbar from re-rendering on every keystroke. */
export function sameFormatting(a: Formatting, b: Formatting): boolean {
  return (Object.keys(a) as (keyof Formatting)[]).every((key) => a[key] === b[key]);
}
