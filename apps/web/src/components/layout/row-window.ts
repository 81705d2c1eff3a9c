/**
 * Rows [start, end) to render of `count` rows of `rowHeight` px in a viewport of `viewport` px scrolled to `scrollTop`,
 * with `overscan` rows either side; `before`/`after` are the spacer heights.
 *
 * Scrolled past the estimated end (rows drawn taller than `rowHeight` make the box taller than the estimate), the
 * window is the last rows, never empty: an empty window would shrink the box, the browser would pull the scroll
 * position back to the top and the user would lose the end of the list.
 */
export function rowWindow(
  scrollTop: number,
  viewport: number,
  rowHeight: number,
  count: number,
  overscan = 6,
): { start: number; end: number; before: number; after: number } {
  const lastWindowStart = Math.max(0, count - Math.ceil(viewport / rowHeight) - overscan);
  const start = Math.min(Math.max(0, Math.floor(scrollTop / rowHeight) - overscan), lastWindowStart);
  const end = Math.min(count, Math.max(start, Math.ceil((scrollTop + viewport) / rowHeight) + overscan));
  return { start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}
