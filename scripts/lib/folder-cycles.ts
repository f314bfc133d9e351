// Cycles in a graph of folders, for the server's layer check (scripts/check-server-layers.ts).

/** from → the folders it imports. */
export type FolderGraph = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * One cycle for each group of folders that reach each other (a strongly connected component of
 * more than one folder), as the path that goes round it: ['a', 'b', 'c', 'a']. Every such group
 * has one; breaking each printed cycle until none is left removes the group.
 */
export function folderCycles(graph: FolderGraph): string[][] {
  return stronglyConnected(graph)
    .filter((group) => group.length > 1)
    .map((group) => cycleWithin(graph, new Set(group)));
}

/** Tarjan's algorithm; each component's folders in the order the search closed them. */
function stronglyConnected(graph: FolderGraph): string[][] {
  const nodes = new Set<string>();
  for (const [from, tos] of graph) {
    nodes.add(from);
    for (const to of tos) nodes.add(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      groups.push(group);
    }
  };
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/** The shortest way from the group's first folder (by name) back to itself, inside the group. */
function cycleWithin(graph: FolderGraph, group: ReadonlySet<string>): string[] {
  const start = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!group.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  throw new Error(`no cycle through ${start}, though its group reaches itself`);
}
