/**
 * antd's Table on wide screens; on a phone the same rows as a list of cards: one card per row,
 * each cell a line with its column title, so every column and every action is in reach without a
 * sideways-scrolling region. The phone list is plain markup: antd's Table (its chunk is the largest
 * of the app) is loaded only where a table is on screen, and only when it is.
 * `loadError` (the list's fetch error, e.g. offline) keeps the list truthful: without rows it says
 * the list could not be loaded instead of "no data"; with rows kept from an earlier load it marks
 * them as such.
 */
import { Suspense, type ComponentType, type Key, type ReactNode } from 'react';
import type { TableColumnType, TablePaginationConfig, TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '@/lib/lazy-part';
import PlainButton from './PlainButton';
import { useAfterFirstPaint } from './AfterFirstPaint';
import { useIsPhone } from '@/lib/viewport';
import './ResponsiveTable.css';

/**
 * The cards a phone shows on its first screen (and a little more): rendered with the list; the rest,
 * and the pager under them, once that has painted, so the first screen is not held up by cards
 * below it.
 */
const FIRST_SCREEN_CARDS = 3;

const Table = lazyPart(() => import('./AntdTable')) as unknown as ComponentType<TableProps<object>>;

/** Height of one table row of antd's "middle" size, and of its header and pager: the loading placeholder's size. */
const ROW_HEIGHT = 55;
const CHROME_HEIGHT = 56 + 64;

export interface ResponsiveTableProps<T> extends TableProps<T> {
  loadError?: unknown;
  /** Phones: one line per row as this renders it (a bill-like entry, BillRow) instead of a card of every column. */
  phoneRow?: (record: T, index: number) => ReactNode;
}

export default function ResponsiveTable<T extends object>({ loadError, ...props }: ResponsiveTableProps<T>) {
  // (phoneRow travels inside props to the phone list; the wide table ignores it)
  const { t } = useTranslation('common');
  if (!loadError) return <AdaptiveTable<T> {...props} />;
  const hasRows = (props.dataSource?.length ?? 0) > 0;
  return (
    <>
      {hasRows && (
        <p className="list-stale" role="status" data-testid="list-stale">
          {t('list.stale')}
        </p>
      )}
      <AdaptiveTable<T>
        {...props}
        locale={{ ...props.locale, emptyText: <span data-testid="list-load-failed">{t('list.loadFailed')}</span> }}
      />
    </>
  );
}

function AdaptiveTable<T extends object>({ phoneRow, ...props }: TableProps<T> & { phoneRow?: ResponsiveTableProps<T>['phoneRow'] }) {
  const phone = useIsPhone();
  if (phone) return <CardList<T> {...props} phoneRow={phoneRow} />;
  const rows = props.dataSource?.length || (props.pagination && props.pagination.pageSize) || 5;
  return (
    <Suspense fallback={<div className="table-placeholder" aria-busy="true" style={{ minHeight: rows * ROW_HEIGHT + CHROME_HEIGHT }} />}>
      <Table {...(props as unknown as TableProps<object>)} />
    </Suspense>
  );
}

type Column<T> = TableColumnType<T>;

function cellValue<T>(record: T, dataIndex: Column<T>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>(
    (value, key) => (value == null ? undefined : (value as Record<PropertyKey, unknown>)[key as PropertyKey]),
    record,
  );
}

function cellContent<T>(column: Column<T>, record: T, index: number): ReactNode {
  const value = cellValue(record, column.dataIndex);
  if (column.render) {
    const rendered = column.render(value, record, index);
    // A render may answer antd's { children, props } cell object.
    return rendered && typeof rendered === 'object' && 'children' in rendered && !('$$typeof' in rendered)
      ? (rendered as { children: ReactNode }).children
      : (rendered as ReactNode);
  }
  return value === undefined || value === null ? '' : (value as ReactNode);
}

function rowKeyOf<T>(record: T, index: number, rowKey: TableProps<T>['rowKey']): Key {
  if (typeof rowKey === 'function') return rowKey(record, index) as Key;
  if (rowKey !== undefined) return (record as Record<string, Key>)[rowKey as string];
  return (record as { key?: Key }).key ?? index;
}

/** The phone list: the Table props this app uses (columns, rows, selection, paging, loading, empty text). */
function CardList<T extends object>({
  columns,
  dataSource,
  rowKey,
  loading,
  locale,
  pagination,
  rowSelection,
  className,
  phoneRow,
  ...rest
}: TableProps<T> & { phoneRow?: ResponsiveTableProps<T>['phoneRow'] }) {
  const { t } = useTranslation('common');
  const rows = dataSource ?? [];
  const busy = Boolean(typeof loading === 'object' ? loading.spinning : loading);
  const visible = (columns ?? []).filter((column): column is Column<T> => !('children' in column) && !column.hidden);
  const keys = rows.map((record, index) => rowKeyOf(record, index, rowKey));
  const selected = new Set(rowSelection?.selectedRowKeys ?? []);
  const select = (next: Key[]) =>
    rowSelection?.onChange?.(
      next,
      rows.filter((_, index) => next.includes(keys[index])),
      { type: 'multiple' },
    );
  const testId = (rest as { 'data-testid'?: string })['data-testid'];
  const list = className ? `card-list ${className}` : 'card-list';
  const allShown = useAfterFirstPaint(rows.length > 0);
  if (busy && rows.length === 0) {
    return (
      <div className={list} data-testid={testId} aria-busy="true">
        {[0, 1, 2].map((n) => (
          <div key={n} className="card-list-card card-list-skeleton" style={{ height: visible.length * 33 + 14 }} />
        ))}
      </div>
    );
  }
  const card = (record: T, index: number) =>
    phoneRow ? (
      <li key={keys[index]} className="bill-list-row">
        {phoneRow(record, index)}
      </li>
    ) : (
      <li key={keys[index]} className="card-list-card">
        {rowSelection && (
          <label className="card-list-line">
            <input
              type="checkbox"
              checked={selected.has(keys[index])}
              onChange={(event) =>
                select(event.target.checked ? [...selected, keys[index]] : [...selected].filter((key) => key !== keys[index]))
              }
            />
            <span>{t('list.selectRow')}</span>
          </label>
        )}
        {visible.map((column, columnIndex) => (
          <div key={String(column.key ?? column.dataIndex ?? columnIndex)} className="card-list-line">
            {typeof column.title === 'string' && <span className="card-list-label">{column.title}</span>}
            <span className="card-list-value">{cellContent(column, record, index)}</span>
          </div>
        ))}
      </li>
    );
  return (
    <div className={list} data-testid={testId} aria-busy={busy || undefined}>
      {rowSelection && rows.length > 0 && (
        <label className="card-list-select-all">
          <input
            type="checkbox"
            checked={keys.every((key) => selected.has(key))}
            onChange={(event) => select(event.target.checked ? keys : [])}
          />
          {t('list.selectAll')}
        </label>
      )}
      {rows.length === 0 ? (
        <p className="plain-empty">{(locale?.emptyText as ReactNode) ?? null}</p>
      ) : (
        <ul className={phoneRow ? 'card-list-rows bill-list' : 'card-list-rows'}>
          {(allShown || phoneRow ? rows : rows.slice(0, FIRST_SCREEN_CARDS)).map(card)}
        </ul>
      )}
      {/* With the later cards, so that it never shows above them and then moves down. */}
      {pagination && (allShown || rows.length <= FIRST_SCREEN_CARDS) && <Pager {...pagination} />}
    </div>
  );
}

function Pager({ current = 1, pageSize = 10, total = 0, onChange, hideOnSinglePage, showTotal }: TablePaginationConfig) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (hideOnSinglePage && pages <= 1) return null;
  const go = (page: number) => onChange?.(page, pageSize);
  return (
    <nav className="card-list-pager" aria-label={t('list.page', { page: current, pages })}>
      {showTotal && <span>{showTotal(total, [(current - 1) * pageSize + 1, Math.min(total, current * pageSize)])}</span>}
      <PlainButton size="small" disabled={current <= 1} onClick={() => go(current - 1)}>
        {t('list.prev')}
      </PlainButton>
      <span>{t('list.page', { page: current, pages })}</span>
      <PlainButton size="small" disabled={current >= pages} onClick={() => go(current + 1)}>
        {t('list.next')}
      </PlainButton>
    </nav>
  );
}
