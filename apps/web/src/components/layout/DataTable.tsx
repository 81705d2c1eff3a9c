import { Classes, HTMLTable } from '@blueprintjs/core';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { rowWindow } from './row-window';
import { useIsMobile } from './use-is-mobile';
import './layout.css';

export interface DataColumn<Row> {
  id: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** Right-aligned, tabular figures, never wrapped (amounts, counts). */
  numeric?: boolean;
  /** Desktop column width (CSS length). */
  width?: string;
  /** The card's title below lg (one column; default: the first). */
  primary?: boolean;
  /** Left out of the cards below lg (e.g. a checkbox column that the card shows otherwise). */
  desktopOnly?: boolean;
}

export interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** Accessible name of the table / card list. */
  label: string;
  onRowClick?: (row: Row) => void;
  selectedKey?: string | number | null;
  /** Shown instead of rows when there are none (e.g. a NonIdealState or a skeleton). */
  empty?: ReactNode;
  /** 'auto' (default): table from lg up, cards below; 'table' keeps a horizontally scrolling table everywhere. */
  mobile?: 'cards' | 'scroll';
  testId?: string;
  rowTestId?: (row: Row) => string;
  /**
   * Long lists: only the rows in view are rendered (rows of a fixed height, cells on one line), in a box at
   * most `maxHeight` px high with a sticky header; on every width as a table that scrolls both ways.
   */
  virtual?: { rowHeight: number; maxHeight: number };
  /**
   * Paging as the user scrolls: called whenever the last rows come into view (with `virtual` when the window
   * reaches them, otherwise when the end of the table or cards nears the viewport). The caller ignores calls
   * while a page is loading or when every row is there.
   */
  onNearEnd?: () => void;
}

/** Starts the window on an even row, so striping (nth-child) stays with the same rows while scrolling. */
function evenStart(w: ReturnType<typeof rowWindow>, rowHeight: number): ReturnType<typeof rowWindow> {
  const odd = w.start % 2;
  return { ...w, start: w.start - odd, before: w.before - odd * rowHeight };
}

/** Calls `onNear` while the element is within 400 px of the viewport, again after every change of `count`. */
function useNearEnd(ref: React.RefObject<HTMLElement | null>, count: number, onNear: (() => void) | undefined): void {
  useEffect(() => {
    const el = ref.current;
    if (!el || !onNear || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onNear(), { rootMargin: '400px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, count, onNear]);
}

function activateOnKey<Row>(row: Row, onRowClick: ((row: Row) => void) | undefined) {
  return (e: KeyboardEvent) => {
    if (onRowClick && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      onRowClick(row);
    }
  };
}

/**
 * A table (virtualised with `virtual`) that follows spec §9: a table scrolling horizontally inside its own box from
 * lg up; below lg a list of cards (primary column as the title, the other columns as label/value pairs), or
 * the same scrolling table with `mobile="scroll"`. Rows are keyboard reachable when clickable.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  label,
  onRowClick,
  selectedKey,
  empty,
  mobile = 'cards',
  testId,
  rowTestId,
  virtual,
  onNearEnd,
}: DataTableProps<Row>) {
  const isMobile = useIsMobile();
  const [scrollTop, setScrollTop] = useState(0);
  const end = useRef<HTMLElement | null>(null);
  const shown = virtual
    ? evenStart(rowWindow(scrollTop, virtual.maxHeight, virtual.rowHeight, rows.length), virtual.rowHeight)
    : { start: 0, end: rows.length, before: 0, after: 0 };
  const windowAtEnd = virtual !== undefined && rows.length > 0 && shown.end >= rows.length;
  useEffect(() => {
    if (windowAtEnd) onNearEnd?.();
  }, [windowAtEnd, rows.length, onNearEnd]);
  useNearEnd(end, rows.length, virtual ? undefined : onNearEnd);
  if (rows.length === 0 && empty) return <div data-testid={testId}>{empty}</div>;

  if (isMobile && mobile === 'cards' && !virtual) {
    const primary = columns.find((c) => c.primary) ?? columns.find((c) => !c.desktopOnly);
    const rest = columns.filter((c) => c !== primary && !c.desktopOnly);
    return (
      <ul className="portal-cards" aria-label={label} data-testid={testId} data-layout="cards">
        {rows.map((row) => {
          const key = rowKey(row);
          return (
            <li
              key={key}
              className={[
                Classes.CARD,
                Classes.ELEVATION_0,
                'portal-card',
                onRowClick ? Classes.INTERACTIVE : '',
                key === selectedKey ? 'portal-card--selected' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              tabIndex={onRowClick ? 0 : undefined}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              onKeyDown={activateOnKey(row, onRowClick)}
              aria-current={key === selectedKey ? 'true' : undefined}
              data-testid={rowTestId?.(row)}
            >
              {primary ? <div className="portal-card-title">{primary.render(row)}</div> : null}
              <dl className="portal-card-fields">
                {rest.map((c) => (
                  <div key={c.id} className="portal-card-field">
                    <dt className={Classes.TEXT_MUTED}>{c.header}</dt>
                    <dd className={c.numeric ? 'portal-num' : undefined}>{c.render(row)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
        {onNearEnd ? <li ref={(el) => void (end.current = el)} aria-hidden="true" className="portal-cards-end" /> : null}
      </ul>
    );
  }

  // A virtual table always has the leading spacer row, so the stripes keep their rows while it scrolls.
  const spacer = (height: number, key: string) => (virtual && (height > 0 || key === 'before') ? <tr key={key} aria-hidden="true" style={{ height }} /> : null);
  return (
    // Focusable and named, so a table wider than its box can be scrolled with the keyboard (WCAG scrollable-region-focusable).
    <div
      className={virtual ? 'portal-table-scroll portal-table-scroll--virtual' : 'portal-table-scroll'}
      style={virtual ? { maxHeight: virtual.maxHeight } : undefined}
      onScroll={virtual ? (e) => setScrollTop(e.currentTarget.scrollTop) : undefined}
      data-testid={testId}
      data-layout="table"
      data-rows={rows.length}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <HTMLTable className="portal-data-table" compact striped interactive={Boolean(onRowClick)} aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" className={c.numeric ? 'portal-num' : undefined} style={c.width ? { width: c.width } : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {spacer(shown.before, 'before')}
          {rows.slice(shown.start, shown.end).map((row) => {
            const key = rowKey(row);
            return (
              <tr
                key={key}
                style={virtual ? { height: virtual.rowHeight } : undefined}
                className={key === selectedKey ? 'portal-row--selected' : undefined}
                tabIndex={onRowClick ? 0 : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={activateOnKey(row, onRowClick)}
                aria-selected={onRowClick ? key === selectedKey : undefined}
                data-testid={rowTestId?.(row)}
              >
                {columns.map((c) => (
                  <td key={c.id} className={c.numeric ? 'portal-num' : undefined}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            );
          })}
          {spacer(shown.after, 'after')}
        </tbody>
      </HTMLTable>
      {onNearEnd && !virtual ? <div ref={(el) => void (end.current = el)} aria-hidden="true" /> : null}
    </div>
  );
}
