import { describe, expect, it } from 'vitest';
import {
  clampBlockWidth,
  clampCanvasYMargin,
  clampColumnCount,
  clampRenderedWidth,
  redistributeColumns,
  resizeColumns,
} from './clamp.ts';

describe('editing clamps', () => {
  it('keeps an edited block width within 5-100 %', () => {
    expect(clampBlockWidth(2)).toBe(5);
    expect(clampBlockWidth(55.5)).toBe(55.5);
    expect(clampBlockWidth(140)).toBe(100);
    expect(clampBlockWidth(Number.NaN)).toBe(100);
  });

  it('keeps a rendered block width within 1-100 %', () => {
    expect(clampRenderedWidth(0)).toBe(1);
    expect(clampRenderedWidth(3)).toBe(3);
    expect(clampRenderedWidth(101)).toBe(100);
  });

  it('keeps the canvas vertical margin within 0-160 whole px', () => {
    expect(clampCanvasYMargin(-10)).toBe(0);
    expect(clampCanvasYMargin(40.4)).toBe(40);
    expect(clampCanvasYMargin(500)).toBe(160);
    expect(clampCanvasYMargin(Number.NaN)).toBe(40);
  });

  it('allows 1-4 columns', () => {
    expect(clampColumnCount(0)).toBe(1);
    expect(clampColumnCount(3)).toBe(3);
    expect(clampColumnCount(9)).toBe(4);
  });
});

describe('redistributeColumns', () => {
  it('splits 100 % equally and gives the remainder to the first column', () => {
    expect(redistributeColumns(1)).toEqual([100]);
    expect(redistributeColumns(2)).toEqual([50, 50]);
    expect(redistributeColumns(3)).toEqual([34, 33, 33]);
    expect(redistributeColumns(4)).toEqual([25, 25, 25, 25]);
    expect(redistributeColumns(7)).toEqual([25, 25, 25, 25]);
  });
});

describe('resizeColumns', () => {
  const total = (widths: number[]) => widths.reduce((sum, width) => sum + width, 0);

  it('takes the difference from the right-hand neighbour', () => {
    expect(resizeColumns([50, 50], 0, 70)).toEqual([70, 30]);
    expect(resizeColumns([34, 33, 33], 1, 40)).toEqual([34, 40, 26]);
  });

  it('takes from the left when the last column grows', () => {
    expect(resizeColumns([50, 50], 1, 60)).toEqual([40, 60]);
  });

  it('gives freed width to the neighbour when a column shrinks', () => {
    expect(resizeColumns([25, 25, 25, 25], 0, 10)).toEqual([10, 40, 25, 25]);
  });

  it('never takes a column below 5 % and spills over to the next one', () => {
    expect(resizeColumns([25, 25, 25, 25], 0, 80)).toEqual([80, 5, 5, 10]);
    expect(resizeColumns([25, 25, 25, 25], 0, 99)).toEqual([85, 5, 5, 5]);
    expect(resizeColumns([50, 50], 0, 1)).toEqual([5, 95]);
  });

  it('always totals 100 with whole percentages', () => {
    for (const [widths, index, next] of [
      [[34, 33, 33], 2, 61.7],
      [[25, 25, 25, 25], 3, 2],
      [[10, 90], 0, 55],
    ] as const) {
      const result = resizeColumns(widths, index, next);
      expect(total(result)).toBe(100);
      expect(result.every((width) => Number.isInteger(width) && width >= 5)).toBe(true);
    }
  });

  it('leaves a single column and an unknown index alone', () => {
    expect(resizeColumns([100], 0, 50)).toEqual([100]);
    expect(resizeColumns([50, 50], 5, 10)).toEqual([50, 50]);
  });
});
