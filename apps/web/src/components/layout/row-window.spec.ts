import { rowWindow } from './row-window';

describe('virtualised rows: the window of rows to render', () => {
  it('renders only the visible rows and the overscan, with spacers for the rest', () => {
    expect(rowWindow(0, 320, 32, 1000, 5)).toEqual({ start: 0, end: 15, before: 0, after: 985 * 32 });
    expect(rowWindow(3200, 320, 32, 1000, 5)).toEqual({ start: 95, end: 115, before: 95 * 32, after: 885 * 32 });
  });

  it('stops at the last row and copes with fewer rows than fit', () => {
    expect(rowWindow(31_680, 320, 32, 1000, 5)).toEqual({ start: 985, end: 1000, before: 985 * 32, after: 0 });
    expect(rowWindow(0, 320, 32, 3, 5)).toEqual({ start: 0, end: 3, before: 0, after: 0 });
    expect(rowWindow(500, 320, 32, 0, 5)).toEqual({ start: 0, end: 0, before: 0, after: 0 });
  });

  it('shows the last rows, never none, when scrolled past the estimated end (rows drawn taller than the estimate)', () => {
    // 29 rows estimated at 34 px, drawn at ~50 px: the box is taller than 29 × 34, so scrollTop can pass 986.
    expect(rowWindow(1060, 420, 34, 29, 6)).toEqual({ start: 10, end: 29, before: 10 * 34, after: 0 });
    expect(rowWindow(50_000, 420, 34, 29, 6).end - rowWindow(50_000, 420, 34, 29, 6).start).toBeGreaterThan(0);
    expect(rowWindow(50_000, 320, 32, 1000, 5)).toEqual({ start: 985, end: 1000, before: 985 * 32, after: 0 });
  });
});
