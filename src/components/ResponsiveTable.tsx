/**
 * antd's Table on wide screens; on a phone the same rows as a list of cards: one card per row,
 * each cell a line with its column title, so every column and every action is in reach without a
 * sideways-scrolling region (and without the wide table's fixed columns and scroll width).
 * `loadError` (the list's fetch error, e.g. offline) keeps the table truthful: without rows it says
 * the list could not be loaded instead of "no data"; with rows kept from an earlier load it marks
 * them as such.
 */
import { useSyncExternalStore, type TdHTMLAttributes } from 'react';
import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';

const PHONE_QUERY = '(max-width: 720px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True while the viewport is phone-sized (the width at which the layout switches to one column). */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

export interface ResponsiveTableProps<T> extends TableProps<T> {
  loadError?: unknown;
}

export default function ResponsiveTable<T extends object>({ loadError, ...props }: ResponsiveTableProps<T>) {
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
      <AdaptiveTable<T> {...props} locale={{ ...props.locale, emptyText: <span data-testid="list-load-failed">{t('list.loadFailed')}</span> }} />
    </>
  );
}

function AdaptiveTable<T extends object>({ columns, scroll, className, ...rest }: TableProps<T>) {
  const phone = useIsPhone();
  if (!phone) return <Table<T> columns={columns} scroll={scroll} className={className} {...rest} />;
  const cardColumns = columns?.map((column) => ({
    ...column,
    fixed: undefined,
    width: undefined,
    onCell: (record: T, index?: number) =>
      ({ ...column.onCell?.(record, index), 'data-label': typeof column.title === 'string' ? column.title : undefined }) as TdHTMLAttributes<HTMLElement>,
  }));
  return <Table<T> columns={cardColumns} className={className ? `card-table ${className}` : 'card-table'} {...rest} />;
}
