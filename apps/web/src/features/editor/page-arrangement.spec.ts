import type { PageRef } from '@portal/contracts';
import { clickSelection, isIdentity, moved, partsOf, positionsAfter, removed, rotated, unchanged } from './page-arrangement';

const pages: PageRef[] = [0, 1, 2, 3].map((page) => ({
  file: 'a'.repeat(64),
  page,
  rotation: page === 3 ? 270 : 0,
  source: { kind: 'editor', id: 1, revision: 0 },
}));

describe('page arrangement', () => {
  it('turns only the selected pages, wrapping at a full turn', () => {
    expect(rotated(pages, new Set([0, 3]), 90)).toEqual([
      { from: 0, rotation: 90 },
      { from: 1, rotation: 0 },
      { from: 2, rotation: 0 },
      { from: 3, rotation: 0 },
    ]);
    expect(rotated(pages, new Set([1]), -90)[1]).toEqual({ from: 1, rotation: 270 });
    expect(rotated(pages, new Set([3]), 180)[3]).toEqual({ from: 3, rotation: 90 });
  });

  it('removes the selected pages but never the last one', () => {
    expect(removed(pages, new Set([1, 2]))?.map((a) => a.from)).toEqual([0, 3]);
    expect(removed(pages, new Set([0, 1, 2, 3]))).toBeNull();
  });

  it('moves the selected pages before a page, keeping their order, and tells where they landed', () => {
    const after = moved(pages, new Set([2, 3]), 0);
    expect(after.map((a) => a.from)).toEqual([2, 3, 0, 1]);
    expect(positionsAfter(after, new Set([2, 3]))).toEqual([0, 1]);
    expect(moved(pages, new Set([0]), 4).map((a) => a.from)).toEqual([1, 2, 3, 0]);
    expect(moved(pages, new Set([0]), 2).map((a) => a.from)).toEqual([1, 0, 2, 3]);
  });

  it('knows an arrangement that changes nothing', () => {
    expect(isIdentity(pages, unchanged(pages))).toBe(true);
    expect(isIdentity(pages, moved(pages, new Set([1]), 1))).toBe(true);
    expect(isIdentity(pages, rotated(pages, new Set([0]), 90))).toBe(false);
  });

  it('cuts a six-page scan into three parts at the split markers', () => {
    expect(partsOf(6, new Set([1, 3]))).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ]);
    expect(partsOf(3, new Set([2]))).toEqual([[0, 1, 2]]);
    expect(partsOf(2, new Set())).toEqual([[0, 1]]);
  });

  it('selects by click, Ctrl+click and Shift+click', () => {
    expect([...clickSelection(new Set([0]), 0, 2, { shift: false, toggle: false })]).toEqual([2]);
    expect([...clickSelection(new Set([0]), 0, 2, { shift: false, toggle: true })].sort()).toEqual([0, 2]);
    expect([...clickSelection(new Set([0, 2]), 0, 2, { shift: false, toggle: true })]).toEqual([0]);
    expect([...clickSelection(new Set([5]), 1, 3, { shift: true, toggle: false })].sort()).toEqual([1, 2, 3]);
  });
});
