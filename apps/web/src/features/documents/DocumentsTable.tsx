import { Button, Checkbox, Classes, Icon } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, RenderMode, Table } from '@blueprintjs/table';
import type { TableProps } from '@blueprintjs/table';
import { observer } from 'mobx-react-lite';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentsStore } from './DocumentsStore';
import type { ColumnContext, DocumentColumn } from './columns';
import { DATA_COLUMNS, MATCH_COLUMN, SELECT_COLUMN } from './columns';
import { queuePlaceText } from './queue-place';
import { useIsMobile } from '../../components/layout/use-is-mobile';

/**
 * A search adds the match column; narrower title and biller and no invoice number keep Gross and Status on a
 * 1280 px screen.
 */
function searchColumns(): DocumentColumn[] {
  const byId = (id: string) => DATA_COLUMNS.find((c) => c.id === id)!;
  const narrower = (c: DocumentColumn, width: number): DocumentColumn => ({ ...c, width });
  return [
    SELECT_COLUMN,
    narrower(byId('title'), 200),
    { ...MATCH_COLUMN, width: 310 },
    narrower(byId('biller'), 150),
    byId('invoice_date'),
    byId('gross'),
    byId('flags'),
  ];
}

/**
 * On a phone (below lg) what the client looks for fits the 390 px screen without scrolling the table sideways:
 * a narrower title, then the invoice number and the gross amount (or, in a search, the match); the rest follows.
 */
function phoneColumns(searching: boolean): DocumentColumn[] {
  const byId = (id: string) => DATA_COLUMNS.find((c) => c.id === id)!;
  const first = [SELECT_COLUMN, { ...byId('title'), width: 128 }];
  if (searching) return [...first, { ...MATCH_COLUMN, width: 208 }, byId('biller'), byId('invoice_date'), byId('gross'), byId('flags')];
  const lead = ['title', 'invoice_number', 'gross'];
  return [...first, { ...byId('invoice_number'), width: 104 }, { ...byId('gross'), width: 100 }, ...DATA_COLUMNS.filter((c) => !lead.includes(c.id))];
}

/** Rows fetched beyond the visible ones, so scrolling rarely meets a loading row. */
const OVERSCAN = 200;
const ROW_HEIGHT = 30;

type RowIndices = Parameters<NonNullable<TableProps['onVisibleCellsChange']>>[0];

export interface DocumentsTableProps {
  store: DocumentsStore;
  locale: string;
}

/** The virtualized document list (Blueprint Table): only visible cells render; pages load as it scrolls. */
export const DocumentsTable = observer(function DocumentsTable({ store, locale }: DocumentsTableProps) {
  const { t } = useTranslation();
  const rows = store.rows.items;
  const selection = store.selectedIds.join(',');
  const progress = store.progress;
  const progressKey = [...progress.values()].map((p) => `${p.documentId}:${p.percent}:${p.queue_position ?? ''}`).join(',');
  const searching = store.searching;
  const sort = store.sort;
  const clientNo = store.clientNo ?? 0;
  const loaded = store.rows.loadedRows;
  const allSelected = loaded.length > 0 && loaded.every((r) => store.selected.has(r.id));
  const someSelected = store.selected.size > 0;

  const phone = useIsMobile();
  const columns = useMemo<DocumentColumn[]>(
    () => (phone ? phoneColumns(searching) : searching ? searchColumns() : [SELECT_COLUMN, ...DATA_COLUMNS]),
    [phone, searching],
  );

  const onVisible = useCallback((visible: RowIndices) => void store.rows.ensureRows(visible.rowIndexStart - OVERSCAN, visible.rowIndexEnd + OVERSCAN), [store]);

  const headerOf = (column: DocumentColumn) => () => {
    const name = t(column.nameKey);
    if (column.id === 'select') {
      return (
        <ColumnHeaderCell
          nameRenderer={() => (
            <Checkbox
              checked={allSelected}
              indeterminate={someSelected && !allSelected}
              onChange={store.toggleAll}
              aria-label={t('documents.columns.selectAll')}
              className="portal-row-check"
              data-testid="select-all"
            />
          )}
        />
      );
    }
    const field = column.sortField;
    // A search lists by rank: headers are plain then.
    if (!field || searching) return <ColumnHeaderCell name={name} nameRenderer={() => <span className="portal-plain-header">{name}</span>} />;
    const active = sort.field === field && !searching;
    return (
      <ColumnHeaderCell
        name={name}
        nameRenderer={() => (
          <Button
            variant="minimal"
            size="small"
            fill
            alignText="start"
            className="portal-sort-header"
            endIcon={active ? <Icon icon={sort.direction === 1 ? 'chevron-up' : 'chevron-down'} /> : undefined}
            onClick={() => void store.sortBy(field)}
            // The table's cells are no grid cells, and a button may not carry aria-sort: the order is in its name.
            aria-label={
              active
                ? t(`documents.columns.sortedBy.${sort.direction === 1 ? 'ascending' : 'descending'}`, { column: name })
                : t('documents.columns.sortBy', { column: name })
            }
            data-testid={`sort-${column.id}`}
          >
            {name}
          </Button>
        )}
      />
    );
  };

  const cellOf = (column: DocumentColumn) => (rowIndex: number) => {
    const row = rows[rowIndex];
    if (!row) return <Cell loading />;
    const p = progress.get(row.id);
    const ctx: ColumnContext = {
      t,
      locale,
      clientNo,
      selected: store.selected.has(row.id),
      toggle: store.toggleSelected,
      progressPercent: p && row.extraction === 'pending' ? p.percent : null,
      waitText: row.extraction === 'pending' ? queuePlaceText(p, t, 'short') : null,
      waitTitle: row.extraction === 'pending' ? queuePlaceText(p, t) : null,
    };
    return (
      <Cell
        className={[column.numeric ? 'portal-num' : '', store.selected.has(row.id) ? 'portal-row-selected' : ''].join(' ')}
        interactive={column.id === 'select' || column.id === 'title'}
      >
        <span className="portal-cell" data-row-id={row.id}>
          {column.render(row, ctx)}
        </span>
      </Cell>
    );
  };

  return (
    <div
      className={['portal-documents-table', Classes.ELEVATION_0].join(' ')}
      data-testid="documents-table"
      data-total={store.rows.total}
      data-loaded={loaded.length}
    >
      <Table
        numRows={rows.length}
        defaultRowHeight={ROW_HEIGHT}
        columnWidths={columns.map((c) => c.width)}
        enableRowHeader={false}
        enableGhostCells
        enableFocusedCell={false}
        selectionModes={[]}
        renderMode={RenderMode.NONE}
        cellRendererDependencies={[rows, selection, progressKey, locale, columns, t]}
        onVisibleCellsChange={onVisible}
      >
        {columns.map((c) => (
          <Column key={c.id} id={c.id} name={t(c.nameKey)} columnHeaderCellRenderer={headerOf(c)} cellRenderer={cellOf(c)} />
        ))}
      </Table>
    </div>
  );
});
