/** Rows [start, end) to render of `count` rows of `rowHeight` px in a viewport of `viewport` px scrolled to `scrollTop`, with `overscan` rows either side; `before`/`after` are the spacer heights. */
export function rowWindow(
  scrollTop: number,
  viewport: number,
  rowHeight: number,
  count: number,
  overscan = 6,
): { start: number; end: number; before: number; after: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  const start = Math.min(first, last);
  return { start, end: last, before: start * rowHeight, after: (count - last) * rowHeight };
}
