/** /recharge/integral-details: the points ledger, newest first, with date filter and paging. */
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPoints } from '@/lib/format';
import type { LedgerRow } from '@common/api-types';
import { useLedger } from '../api';
import DateRangeFilter from './DateRangeFilter';
import { useListFilters } from './useListFilters';
import ResponsiveTable from '@/components/ResponsiveTable';

export default function LedgerPanel() {
  const { t } = useTranslation('recharge');
  const { filters, search, pagination } = useListFilters();
  const { data, error, isLoading } = useLedger(filters);

  return (
    <div className="recharge-panel" data-testid="recharge-ledger">
      <DateRangeFilter onSearch={search} />
      <ResponsiveTable<LedgerRow>
        rowKey="id"
        size="middle"
        loading={isLoading}
        loadError={error}
        dataSource={data?.list}
        locale={{ emptyText: t('ledger.empty') }}
        scroll={{ x: 720 }}
        pagination={pagination(data?.total)}
        columns={[
          { title: t('ledger.kind'), dataIndex: 'kindText', width: 110 },
          {
            title: t('ledger.delta'),
            dataIndex: 'delta',
            width: 120,
            render: (delta: number) => (
              <span
                className={delta > 0 ? 'recharge-plus' : 'recharge-minus'}
              >{`${delta > 0 ? '+' : '-'}${formatPoints(Math.abs(delta))}`}</span>
            ),
          },
          { title: t('ledger.balanceAfter'), dataIndex: 'balanceAfter', width: 130, render: (n: number) => formatPoints(n) },
          { title: t('ledger.remark'), dataIndex: 'remark' },
          { title: t('ledger.createdAt'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatDateTime(v) },
        ]}
      />
    </div>
  );
}
