import { Button, Classes } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorStore } from './EditorStore';
import { PageThumb } from './PageThumb';

export interface PageGridProps {
  store: EditorStore;
  /** A horizontal strip (mobile) instead of a wrapping grid. */
  strip: boolean;
  thumbSize: number;
}

/** Pages per row of the grid, read from the layout, for Up/Down. */
function columnsOf(list: HTMLElement | null): number {
  const cells = list?.querySelectorAll<HTMLElement>('[data-page-cell]');
  if (!cells || cells.length < 2) return 1;
  const top = cells[0]!.offsetTop;
  let n = 0;
  for (const cell of cells) {
    if (cell.offsetTop !== top) break;
    n++;
  }
  return Math.max(1, n);
}

/**
 * The pages as thumbnails: click, Shift+click and Ctrl+click select; the keyboard moves, selects, turns,
 * removes and reorders (Alt+arrows); pages are dragged to a new place; the scissors between two pages mark
 * where a new document starts.
 */
export const PageGrid = observer(function PageGrid({ store, strip, thumbSize }: PageGridProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [dropBefore, setDropBefore] = useState<number | null>(null);
  const pages = store.pages;
  const editable = store.editable;
  const count = pages.length;

  // Keep the focused page in view as it moves.
  useEffect(() => {
    list.current?.querySelector<HTMLElement>(`[data-position="${store.focused}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [store.focused]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const ctrl = e.ctrlKey || e.metaKey;
    const step = (dx: number) => {
      e.preventDefault();
      if (e.altKey && editable) void store.nudge(dx < 0 ? -1 : 1);
      else store.focus(store.focused + dx, e.shiftKey);
    };
    if (e.key === 'ArrowLeft') return step(-1);
    if (e.key === 'ArrowRight') return step(1);
    if (e.key === 'ArrowUp' && !e.altKey) return step(strip ? -1 : -columnsOf(list.current));
    if (e.key === 'ArrowDown' && !e.altKey) return step(strip ? 1 : columnsOf(list.current));
    if (e.key === 'Home') return step(-store.focused);
    if (e.key === 'End') return step(count - 1 - store.focused);
    if (e.key === ' ') {
      e.preventDefault();
      store.toggle(store.focused);
      return undefined;
    }
    if (ctrl && e.key.toLowerCase() === 'a') {
      e.preventDefault();
      store.selectAll();
      return undefined;
    }
    if (!editable) return undefined;
    if (e.key.toLowerCase() === 'r' && !ctrl) {
      e.preventDefault();
      void store.rotate(e.shiftKey ? -90 : 90);
    } else if (e.key.toLowerCase() === 'c' && !ctrl && store.focused < count - 1) {
      e.preventDefault();
      store.toggleCut(store.focused);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      void store.removePages();
    }
    return undefined;
  };

  const drop = (before: number) => {
    const from = dragging;
    setDragging(null);
    setDropBefore(null);
    if (from === null || !editable) return;
    const moving = store.selected.has(from) ? new Set(store.selected) : new Set([from]);
    void store.moveTo(before, moving);
  };

  return (
    <div
      ref={list}
      className={`portal-page-grid ${strip ? 'portal-page-strip' : ''}`}
      role="listbox"
      aria-multiselectable
      aria-label={t('editor.editor.pages')}
      aria-activedescendant={count ? `page-cell-${store.focused}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="page-grid"
    >
      {pages.map((page, i) => {
        const selected = store.selected.has(i);
        const label = t('editor.editor.pageLabel', { page: i + 1, count });
        // The scissors are for the mouse; the keyboard marks a cut with C, and the option says so.
        const cutText = store.cuts.has(i) ? t('editor.editor.cutMarked', { page: i + 1 }) : t('editor.editor.cutAfter', { page: i + 1 });
        return (
          <div key={`${page.file}-${page.page}-${i}`} className="portal-page-slot" data-page-cell>
            <div
              id={`page-cell-${i}`}
              role="option"
              aria-selected={selected}
              aria-label={store.cuts.has(i) ? `${label}, ${cutText}` : label}
              className={[
                'portal-page-cell',
                selected ? 'portal-page-selected' : '',
                store.focused === i ? 'portal-page-focused' : '',
                dropBefore === i && dragging !== null ? 'portal-page-drop' : '',
              ].join(' ')}
              data-position={i}
              data-testid={`page-${i}`}
              data-rotation={page.rotation}
              draggable={editable}
              onClick={(e) => store.click(i, { shift: e.shiftKey, toggle: e.ctrlKey || e.metaKey })}
              onDragStart={(e) => {
                setDragging(i);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', String(i));
              }}
              onDragOver={(e) => {
                if (dragging === null) return;
                e.preventDefault();
                const rect = e.currentTarget.getBoundingClientRect();
                const after = strip || rect.width === 0 ? e.clientX > rect.left + rect.width / 2 : e.clientX > rect.left + rect.width / 2;
                setDropBefore(after ? i + 1 : i);
              }}
              onDrop={(e) => {
                e.preventDefault();
                drop(dropBefore ?? i);
              }}
              onDragEnd={() => {
                setDragging(null);
                setDropBefore(null);
              }}
            >
              <PageThumb files={store.files!} page={page} size={thumbSize} label={label} />
              <span className={`portal-page-number ${Classes.TEXT_SMALL}`}>{i + 1}</span>
            </div>
            {editable && i < count - 1 ? (
              <Button
                className={`portal-page-cut ${store.cuts.has(i) ? 'portal-page-cut-on' : ''}`}
                variant={store.cuts.has(i) ? 'solid' : 'minimal'}
                intent={store.cuts.has(i) ? 'warning' : 'none'}
                size="small"
                icon="cut"
                // Only options may live in a listbox: hidden from assistive technology and the tab order (key C instead).
                aria-hidden="true"
                tabIndex={-1}
                title={cutText}
                onClick={() => store.toggleCut(i)}
                data-testid={`cut-${i}`}
              />
            ) : null}
          </div>
        );
      })}
    </div>
  );
});
