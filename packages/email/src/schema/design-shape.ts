// A design arrives as untrusted JSON. JSON.parse copes with any depth, but JSON.stringify, zod and
// every other recursive walk overflow the stack on a few thousand levels: a 500 instead of a 400.
// So depth and size are measured first, with an explicit stack rather than recursion.
import { MAX_DESIGN_DEPTH, MAX_DESIGN_NODES } from './limits.ts';

/** Why a raw design is too deep or too big to look at, or null when it is neither. */
export function designShapeProblem(input: unknown): string | null {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: input, depth: 1 }];
  let nodes = 0;
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    nodes += 1;
    if (nodes + pending.length > MAX_DESIGN_NODES)
      return `The design has too many values (limit ${MAX_DESIGN_NODES}).`;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_DESIGN_DEPTH)
      return `The design is nested too deeply (limit ${MAX_DESIGN_DEPTH} levels).`;
    const children = Array.isArray(value) ? value : Object.values(value);
    if (nodes + pending.length + children.length > MAX_DESIGN_NODES)
      return `The design has too many values (limit ${MAX_DESIGN_NODES}).`;
    for (const child of children) pending.push({ value: child, depth: depth + 1 });
  }
  return null;
}
