/**
 * Sets a node's text only when it differs: React may yet hydrate the prerendered HTML (a
 * signed-in seller, lifecycle.ts), and a rewrite merges the text nodes it rendered apart.
 */
export function setText(node: Node | null | undefined, text: string): void {
  if (node && node.textContent !== text) node.textContent = text;
}

/** A new element with properties and children. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]>,
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}
