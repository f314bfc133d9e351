// What a token reads as in the editor: its label, or the value the chosen order gives it (its
// fallback, or nothing, when the order has none). Shown whole: a chip never wraps inside.
import { TOKENS, isTokenName, tokenText } from '@thankly/email';
import { escapeText } from '../blocks/rich-text/serialize.ts';
import { findTokens } from '../blocks/rich-text/token-text.ts';
import type { TokenView } from './token-view.ts';

export interface TokenShown {
  text: string;
  /** label: a chip; value: the order's value; empty: the order leaves it empty (label, dimmed). */
  kind: 'label' | 'value' | 'empty';
  /** For the tooltip: the token as written, and its fallback. */
  title: string;
}

const TOKEN_PARTS = /^\[([a-z0-9-]+)(?:\|([^\]]*))?\]$/;

export function tokenShown(token: string, view: TokenView): TokenShown {
  const [, name = '', fallback] = TOKEN_PARTS.exec(token) ?? [];
  if (!isTokenName(name)) return { text: token, kind: 'value', title: token };
  const { label } = TOKENS[name];
  const title = !fallback
    ? `${label}: ${token}`
    : name === 'welcome-back'
      ? `${label}, as “${fallback}” for buyers who ordered before: ${token}`
      : `${label}, or “${fallback}” when the order has none: ${token}`;
  if (view.mode === 'labels') return { text: label, kind: 'label', title };
  const value = tokenText(name, fallback, view.values);
  if (value) return { text: value, kind: 'value', title };
  return { text: label, kind: 'empty', title: `${label}: empty for this order (${token})` };
}

/** Fills a chip element (the canvas's and the open editor's) with how the token reads now. */
export function paintTokenChip(el: HTMLElement, token: string, view: TokenView): void {
  const shown = tokenShown(token, view);
  el.textContent = shown.text;
  el.title = shown.title;
  el.dataset.view = shown.kind;
}

/** Words cut at each known token: the text between as strings, each token as `{ token }`. */
export function splitAtTokens(text: string): Array<string | { token: string }> {
  const parts: Array<string | { token: string }> = [];
  let at = 0;
  for (const match of findTokens(text)) {
    parts.push(text.slice(at, match.start), { token: match.text });
    at = match.end;
  }
  parts.push(text.slice(at));
  return parts;
}

/** Plain words as html text (a block saved before it had html). */
export function textAsHtml(text: string): string {
  return escapeText(text);
}

/**
 * The block's html with every known token in its text (never in an attribute: a link's
 * href="[shop-url]" stays as written) turned into a chip element. Without a DOM (the server
 * render) the html is returned as it is.
 */
export function withTokenChips(html: string, view: TokenView): string {
  if (typeof document === 'undefined' || !html.includes('[')) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  for (const text of texts) {
    const split = splitAtTokens(text.data);
    if (split.length === 1) continue;
    const parts = document.createDocumentFragment();
    for (const part of split) {
      if (typeof part === 'string') {
        parts.append(part);
        continue;
      }
      const chip = document.createElement('span');
      chip.className = 'rt-token';
      chip.dataset.token = part.token;
      paintTokenChip(chip, part.token, view);
      parts.append(chip);
    }
    text.replaceWith(parts);
  }
  return template.innerHTML;
}
