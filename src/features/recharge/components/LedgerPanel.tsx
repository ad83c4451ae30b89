/**
 * /recharge/integral-details: the points ledger, newest first, with date filter and paging; on a
 * phone one bill-like line per change; an account with no change yet sees one call to action.
 */
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPoints } from '@/lib/format';
import type { LedgerRow } from '@common/api-types';
import { useLedger } from '../api';
import DateRangeFilter from './DateRangeFilter';
import { useListFilters } from './useListFilters';
import ResponsiveTable from '@/components/ResponsiveTable';
import BillRow from '@/components/BillRow';
import EmptyState from '@/components/EmptyState';

const signed = (delta: number) => `${delta > 0 ? '+' : '-'}${formatPoints(Math.abs(delta))}`;

export default function LedgerPanel() {
  const { t } = useTranslation('recharge');
  const { filters, search, pagination } = useListFilters();
  const { data, error, isLoading } = useLedger(filters);

  if (data && data.total === 0 && !filters.startDate && !filters.endDate && filters.page === 1 && !error) {
    return (
      <div className="recharge-panel" data-testid="recharge-ledger">
        <EmptyState
          title={t('ledger.empty')}
          text={t('ledger.emptyText')}
          action={{ href: '/recharge/integral', label: t('ledger.emptyAction') }}
        />
      </div>
    );
  }

  return (
    <div className="recharge-panel" data-testid="recharge-ledger">
      <DateRangeFilter onSearch={search} />
      <ResponsiveTable<LedgerRow>
        rowKey="id"
        size="middle"
        loading={isLoading}
        loadError={error}
        dataSource={data?.list}
        locale={{ emptyText: t('ledger.emptyFiltered') }}
        scroll={{ x: 720 }}
        pagination={pagination(data?.total)}
        phoneRow={(row) => (
          <BillRow
            title={row.kindText}
            detail={row.remark || undefined}
            time={formatDateTime(row.createdAt)}
            amount={signed(row.delta)}
            tone={row.delta > 0 ? 'plus' : 'minus'}
            after={t('ledger.after', { n: formatPoints(row.balanceAfter) })}
          />
        )}
        columns={[
          { title: t('ledger.kind'), dataIndex: 'kindText', width: 110 },
          {
            title: t('ledger.delta'),
            dataIndex: 'delta',
            width: 120,
            render: (delta: number) => <span className={delta > 0 ? 'recharge-plus' : 'recharge-minus'}>{signed(delta)}</span>,
          },
          { title: t('ledger.balanceAfter'), dataIndex: 'balanceAfter', width: 130, render: (n: number) => formatPoints(n) },
          { title: t('ledger.remark'), dataIndex: 'remark' },
          {
            title: t('ledger.createdAt'),
            dataIndex: 'createdAt',
            width: 180,
            render: (v: string) => <span className="nowrap">{formatDateTime(v)}</span>,
          },
        ]}
      />
    </div>
  );
}
