import { rowWindow } from './row-window';

describe('virtualised rows: the window of rows to render', () => {
  it('renders only the visible rows and the overscan, with spacers for the rest', () => {
    expect(rowWindow(0, 320, 32, 1000, 5)).toEqual({ start: 0, end: 15, before: 0, after: 985 * 32 });
    expect(rowWindow(3200, 320, 32, 1000, 5)).toEqual({ start: 95, end: 115, before: 95 * 32, after: 885 * 32 });
  });

  it('stops at the last row and copes with fewer rows than fit', () => {
    expect(rowWindow(31_900, 320, 32, 1000, 5)).toEqual({ start: 991, end: 1000, before: 991 * 32, after: 0 });
    expect(rowWindow(0, 320, 32, 3, 5)).toEqual({ start: 0, end: 3, before: 0, after: 0 });
    expect(rowWindow(500, 320, 32, 0, 5)).toEqual({ start: 0, end: 0, before: 0, after: 0 });
  });
});
