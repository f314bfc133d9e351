import { describe, expect, test } from 'vitest';
import { type FolderGraph, folderCycles } from './folder-cycles.ts';

function graphOf(edges: string): FolderGraph {
  const graph = new Map<string, Set<string>>();
  for (const edge of edges.split(/\s+/).filter(Boolean)) {
    const [from, to] = edge.split('>') as [string, string];
    graph.set(from, (graph.get(from) ?? new Set()).add(to));
  }
  return graph;
}

describe('folder cycles', () => {
  test('a graph whose imports all point one way has none', () => {
    expect(folderCycles(graphOf('sending>orders orders>db sending>db marketplace>orders'))).toEqual(
      [],
    );
  });

  test('two folders importing each other are a cycle', () => {
    expect(folderCycles(graphOf('sending>templates templates>sending templates>db'))).toEqual([
      ['sending', 'templates', 'sending'],
    ]);
  });

  test('a longer loop is found too, as the path round it', () => {
    expect(
      folderCycles(
        graphOf(
          'templates>marketplace marketplace>intake intake>journeys journeys>templates x>templates',
        ),
      ),
    ).toEqual([['intake', 'journeys', 'templates', 'marketplace', 'intake']]);
  });

  test('each separate group of folders gives one cycle, the shortest from its first folder', () => {
    const cycles = folderCycles(graphOf('a>b b>c c>a a>c  x>y y>x  p>q'));
    expect(cycles).toContainEqual(['a', 'c', 'a']);
    expect(cycles).toContainEqual(['x', 'y', 'x']);
    expect(cycles).toHaveLength(2);
  });
});
